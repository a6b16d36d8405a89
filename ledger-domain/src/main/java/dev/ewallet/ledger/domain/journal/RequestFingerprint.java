package dev.ewallet.ledger.domain.journal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The SHA-256 of what a request asks for, stored with its idempotency key. A resend with the same
 * key must carry the same fingerprint, or it is a different request reusing the key.
 */
public record RequestFingerprint(String sha256Hex) {

  private static final Pattern HEX_SHA_256 = Pattern.compile("[0-9a-f]{64}");

  public RequestFingerprint {
    if (sha256Hex == null || !HEX_SHA_256.matcher(sha256Hex).matches()) {
      throw new IllegalArgumentException("fingerprint must be 64 lower-case hex digits");
    }
  }

  /**
   * Fingerprints the request's operation and its fields in a fixed order. Fields are joined with a
   * separator that cannot occur in them, so different field lists never collide by concatenation.
   * {@link TransactionDetails} contribute their own fields, none when empty: a request without
   * details fingerprints as it did before details existed.
   */
  public static RequestFingerprint of(String operation, Object... fields) {
    StringBuilder canonical = new StringBuilder(operation);
    for (Object field : fields) {
      if (field instanceof TransactionDetails details) {
        details.fingerprintFields().forEach(f -> canonical.append('\u001f').append(f));
      } else {
        canonical.append('\u001f').append(field);
      }
    }
    return new RequestFingerprint(HexFormat.of().formatHex(sha256(canonical.toString())));
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException missing) {
      throw new IllegalStateException("every Java runtime ships SHA-256", missing);
    }
  }
}
