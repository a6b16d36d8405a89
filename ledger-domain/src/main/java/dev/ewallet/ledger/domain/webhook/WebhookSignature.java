package dev.ewallet.ledger.domain.webhook;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Ledger-Signature} header of a delivery: {@code t=<unix seconds>,v1=<hex>} where the
 * hex is HMAC-SHA256, keyed by the endpoint's secret (its UTF-8 bytes), of {@code "<t>.<body>"}.
 * While a rotated secret still signs, the header carries one {@code v1} per secret, newest first; a
 * receiver accepts the delivery when any of them matches its secret and {@code t} is recent.
 */
public final class WebhookSignature {

  /** The header's name. */
  public static final String HEADER = "Ledger-Signature";

  private WebhookSignature() {}

  /** The header value for {@code body} sent at {@code at}, signed with every secret given. */
  public static String header(Instant at, String body, List<String> secrets) {
    if (secrets.isEmpty()) {
      throw new IllegalArgumentException("a delivery is signed with at least one secret");
    }
    long t = at.getEpochSecond();
    StringBuilder header = new StringBuilder("t=").append(t);
    for (String secret : secrets) {
      header.append(",v1=").append(hmac(secret, t + "." + body));
    }
    return header.toString();
  }

  /**
   * Whether {@code header} signs {@code body} with {@code secret} and was made within {@code
   * tolerance} of {@code now} (a replayed old delivery is refused). Compares in constant time.
   */
  public static boolean verify(
      String header, String body, String secret, Instant now, Duration tolerance) {
    Long t = null;
    List<String> signatures = new ArrayList<>();
    for (String part : header.split(",")) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        return false;
      }
      String name = part.substring(0, eq).trim();
      String value = part.substring(eq + 1).trim();
      if (name.equals("t")) {
        try {
          t = Long.parseLong(value);
        } catch (NumberFormatException malformed) {
          return false;
        }
      } else if (name.equals("v1")) {
        signatures.add(value);
      }
    }
    if (t == null || Math.abs(now.getEpochSecond() - t) > tolerance.toSeconds()) {
      return false;
    }
    byte[] expected = hmac(secret, t + "." + body).getBytes(StandardCharsets.US_ASCII);
    boolean matched = false;
    for (String signature : signatures) {
      matched |= MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
    }
    return matched;
  }

  private static String hmac(String secret, String content) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException | InvalidKeyException impossible) {
      throw new IllegalStateException("every JDK has HmacSHA256", impossible);
    }
  }
}
