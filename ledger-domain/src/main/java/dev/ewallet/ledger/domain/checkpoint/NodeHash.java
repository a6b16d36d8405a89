package dev.ewallet.ledger.domain.checkpoint;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The SHA-256 of a node of a checkpoint's Merkle sum tree: a leaf (an account's state) or an inner
 * node (its two children with their sums), as 64 lower-case hex digits.
 */
public record NodeHash(String hex) {

  static final int BYTES = 32;
  private static final HexFormat FORMAT = HexFormat.of();

  public NodeHash {
    if (hex == null || hex.length() != 2 * BYTES || !hex.equals(hex.toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException("a node hash is 64 lower-case hex digits");
    }
    FORMAT.parseHex(hex);
  }

  /** The SHA-256 of {@code bytes}. */
  static NodeHash sha256(byte[] bytes) {
    try {
      return new NodeHash(FORMAT.formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
    } catch (NoSuchAlgorithmException missing) {
      throw new IllegalStateException("every Java runtime ships SHA-256", missing);
    }
  }

  byte[] bytes() {
    return FORMAT.parseHex(hex);
  }

  @Override
  public String toString() {
    return hex;
  }
}
