package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * What a checkpoint states about one currency's books at one journal position: the root of the
 * Merkle sum tree over every customer account (its sum is what the business owes its customers),
 * how many accounts it covers, and the system accounts' balance beside it. The books balance when
 * the two add up to zero. Signed as its {@link #signedText} ({@link SignedCheckpoint}).
 *
 * @param journalPosition the newest journal entry id the checkpoint covers
 * @param keyId the signing key's id, so that a verifier picks the right public key after rotation
 */
public record Checkpoint(
    CurrencyCode currency,
    SumNode root,
    long accounts,
    long systemBalanceMinor,
    long journalPosition,
    Instant at,
    String keyId) {

  /** The first line of every signed text: the format and its version. */
  public static final String FORMAT = "wallet-ledger-checkpoint/1";

  public Checkpoint {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(keyId, "keyId");
    if (accounts < 1 || journalPosition < 0) {
      throw new IllegalArgumentException(
          "a checkpoint covers at least one account at a position of 0 or more");
    }
    if (keyId.isBlank() || keyId.chars().anyMatch(c -> c == '\n' || c == '=')) {
      throw new IllegalArgumentException("a key id is one line without '='");
    }
    at = at.truncatedTo(ChronoUnit.MICROS);
  }

  /** Whether the customer accounts and the system accounts add up to zero. */
  public boolean booksBalance() {
    return Math.addExact(root.sumMinor(), systemBalanceMinor) == 0;
  }

  /**
   * The bytes signed: UTF-8 lines {@code key=value} in this order, after {@link #FORMAT}, each
   * ending in a line feed. A verifier rebuilds them from the published fields.
   */
  public byte[] signedText() {
    String text =
        FORMAT
            + "\ncurrency="
            + currency.value()
            + "\nroot="
            + root.hash().hex()
            + "\ntotal="
            + root.sumMinor()
            + "\naccounts="
            + accounts
            + "\nsystem="
            + systemBalanceMinor
            + "\nposition="
            + journalPosition
            + "\nat="
            + at
            + "\nkey="
            + keyId
            + "\n";
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
