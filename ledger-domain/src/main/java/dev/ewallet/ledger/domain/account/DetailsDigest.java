package dev.ewallet.ledger.domain.account;

import java.util.HexFormat;

/**
 * What an entry's link of the hash chain commits to of its transaction's details (version 2 of the
 * chain, {@link EntryHash}): a SHA-256 of their canonical bytes, computed by the journal's {@code
 * TransactionDetails.digest()}, never their text. Erasing personal data replaces the text and keeps
 * this digest, so every chain and checkpoint still verifies afterwards.
 */
public record DetailsDigest(String hex) {

  public static final int BYTES = 32;

  private static final HexFormat FORMAT = HexFormat.of();

  /**
   * The digest of no details at all (no reference, no description, no metadata): what the link of
   * an entry whose transaction has none commits to. Storage keeps no digest for such a transaction,
   * so an entry shown without one links with this (version 2) or with none (version 1).
   */
  public static final DetailsDigest NO_DETAILS =
      new DetailsDigest("b0f66adc83641586656866813fd9dd0b8ebb63796075661ba45d1aa8089e1d44");

  public DetailsDigest {
    if (!EntryHash.isLowerHex(hex)) {
      throw new IllegalArgumentException("a details digest is 64 lower-case hex digits");
    }
  }

  /** The digest of details given as their canonical bytes. */
  public static DetailsDigest ofCanonical(byte[] canonical) {
    return of(EntryHash.sha256(canonical));
  }

  public static DetailsDigest of(byte[] bytes) {
    if (bytes.length != BYTES) {
      throw new IllegalArgumentException("a details digest is 32 bytes, got " + bytes.length);
    }
    return new DetailsDigest(FORMAT.formatHex(bytes));
  }

  public byte[] bytes() {
    return FORMAT.parseHex(hex);
  }

  @Override
  public String toString() {
    return hex;
  }
}
