package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.money.Money;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.UUID;

/**
 * A link of an account's hash chain: every entry's hash is the SHA-256 of the previous entry's hash
 * on the same account ({@link #GENESIS}, 32 zero bytes, before the first) followed by the entry's
 * own fields, so that changing, removing or reordering any entry changes every hash after it.
 *
 * <p>The 80 bytes hashed, version 1 (docs/statements.md works an example through each version):
 *
 * <pre>
 *  0  32  the previous hash
 * 32  16  the transaction id (the UUID's 128 bits, most significant first)
 * 48   8  the account id (signed 64-bit, big-endian, as every number here)
 * 56   8  the amount in minor units (negative for a debit)
 * 64   8  the balance after, in minor units
 * 72   8  the time, in microseconds since 1970-01-01T00:00:00Z
 * </pre>
 *
 * Version 2 appends the 32 bytes of the entry's transaction's {@link DetailsDigest} (112 bytes in
 * all): every transaction posted since the chain's version 2 is linked with one ({@link
 * DetailsDigest#NO_DETAILS} when it has no details), so its reference, description and metadata are
 * committed to by the chain without their text being in it. Entries of transactions posted before
 * stay version 1, verified as they were written.
 *
 * <p>Only what is known before an entry is stored goes in (not its id, which the database assigns),
 * so a batch of postings computes its chains in memory before it writes.
 */
public record EntryHash(String hex) {

  public static final int BYTES = 32;

  private static final HexFormat FORMAT = HexFormat.of();

  /** Before an account's first entry. */
  public static final EntryHash GENESIS = new EntryHash("0".repeat(2 * BYTES));

  public EntryHash {
    if (!isLowerHex(hex)) {
      throw new IllegalArgumentException("an entry hash is 64 lower-case hex digits");
    }
  }

  /**
   * Checked by hand: every entry of a history page is checked, and a pattern costs several times
   * more.
   */
  static boolean isLowerHex(String hex) {
    if (hex == null || hex.length() != 2 * BYTES) {
      return false;
    }
    for (int i = 0; i < hex.length(); i++) {
      char c = hex.charAt(i);
      if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
        return false;
      }
    }
    return true;
  }

  public static EntryHash of(byte[] bytes) {
    if (bytes.length != BYTES) {
      throw new IllegalArgumentException("an entry hash is 32 bytes, got " + bytes.length);
    }
    return new EntryHash(FORMAT.formatHex(bytes));
  }

  public byte[] bytes() {
    return FORMAT.parseHex(hex);
  }

  /** The hash of the entry that follows this one on its account, version 1 (no details). */
  public EntryHash next(
      UUID transaction, AccountId account, Money amount, Money balanceAfter, Instant at) {
    return next(transaction, account, amount, balanceAfter, at, null);
  }

  /**
   * The hash of the entry that follows this one on its account.
   *
   * @param details the digest of the entry's transaction's details (version 2), or {@code null} for
   *     an entry of a transaction posted before the chain's version 2 (version 1)
   */
  public EntryHash next(
      UUID transaction,
      AccountId account,
      Money amount,
      Money balanceAfter,
      Instant at,
      DetailsDigest details) {
    ByteBuffer fields =
        ByteBuffer.allocate(details == null ? 80 : 80 + DetailsDigest.BYTES)
            .put(bytes())
            .putLong(transaction.getMostSignificantBits())
            .putLong(transaction.getLeastSignificantBits())
            .putLong(account.value())
            .putLong(amount.amountMinor())
            .putLong(balanceAfter.amountMinor())
            .putLong(ChronoUnit.MICROS.between(Instant.EPOCH, at));
    if (details != null) {
      fields.put(details.bytes());
    }
    return of(sha256(fields.array()));
  }

  /**
   * Whether {@code stated} is the hash of the entry that follows this one on its account, for an
   * entry shown with the digest of its transaction's details, or without one: then its link is
   * either version 2 with {@link DetailsDigest#NO_DETAILS} (a transaction without details, for
   * which none is kept) or version 1 (a transaction posted before version 2).
   *
   * @param details the digest shown, or {@code null} for none
   */
  public boolean leadsTo(
      EntryHash stated,
      UUID transaction,
      AccountId account,
      Money amount,
      Money balanceAfter,
      Instant at,
      DetailsDigest details) {
    if (details != null) {
      return next(transaction, account, amount, balanceAfter, at, details).equals(stated);
    }
    return next(transaction, account, amount, balanceAfter, at, DetailsDigest.NO_DETAILS)
            .equals(stated)
        || next(transaction, account, amount, balanceAfter, at, null).equals(stated);
  }

  static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException missing) {
      throw new IllegalStateException("every Java runtime ships SHA-256", missing);
    }
  }

  @Override
  public String toString() {
    return hex;
  }
}
