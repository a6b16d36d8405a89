package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Instant;

/**
 * Which of an account's entries a history page shows: those that meet every condition given ({@code
 * null} is no condition). A filter combines with a page's cursor: the cursor says where a page
 * starts, the filter which entries from there on it shows.
 *
 * @param type entries of transactions of this type
 * @param direction credits ({@code IN}) or debits ({@code OUT})
 * @param from entries at or after this instant
 * @param to entries before this instant
 * @param minAmount entries whose amount, taken without its sign, is at least this (minor units)
 * @param maxAmount entries whose amount, taken without its sign, is at most this (minor units)
 * @param reference entries of transactions carrying this reference
 */
public record HistoryFilter(
    TransactionType type,
    EntryDirection direction,
    Instant from,
    Instant to,
    Long minAmount,
    Long maxAmount,
    String reference) {

  /** Every entry. */
  public static final HistoryFilter NONE =
      new HistoryFilter(null, null, null, null, null, null, null);

  /**
   * @throws InvalidRequestException for an empty period ({@code from} not before {@code to}), an
   *     amount bound below 1, a minimum above the maximum, or a reference no transaction can carry
   */
  public HistoryFilter {
    if (from != null && to != null && !from.isBefore(to)) {
      throw new InvalidRequestException("from must be before to");
    }
    requirePositive(minAmount, "minAmount");
    requirePositive(maxAmount, "maxAmount");
    if (minAmount != null && maxAmount != null && minAmount > maxAmount) {
      throw new InvalidRequestException("minAmount must not be above maxAmount");
    }
    if (reference != null) {
      TransactionDetails.requireReference(reference);
    }
  }

  private static void requirePositive(Long amount, String field) {
    if (amount != null && amount < 1) {
      throw new InvalidRequestException(field + " must be at least 1, got " + amount);
    }
  }

  /** Whether the filter lets every entry through. */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /** Whether the entry meets every condition of the filter. */
  public boolean matches(LedgerEntry entry) {
    long magnitude = Math.absExact(entry.amount().amountMinor());
    return (type == null || type == entry.type())
        && (direction == null || direction == EntryDirection.of(entry.amount()))
        && (from == null || !entry.createdAt().isBefore(from))
        && (to == null || entry.createdAt().isBefore(to))
        && (minAmount == null || magnitude >= minAmount)
        && (maxAmount == null || magnitude <= maxAmount)
        && (reference == null || reference.equals(entry.details().reference()));
  }
}
