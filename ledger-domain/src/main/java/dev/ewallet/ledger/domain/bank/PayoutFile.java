package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The payouts of one run in one currency, as one file to the bank: everything a payment file's
 * content is made of, so that the same file can be written again, byte for byte, from what the
 * ledger stored. A withdrawal is in at most one file; within a file, at most once.
 *
 * @param id the file's message id, unique per sender (at most 35 characters)
 * @param createdAt when the run made it; written into the file
 * @param executionDate the day the bank is asked to pay
 */
public record PayoutFile(
    String id,
    CurrencyCode currency,
    Instant createdAt,
    LocalDate executionDate,
    List<Payout> payouts) {

  public PayoutFile {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(executionDate, "executionDate");
    if (id == null || id.isBlank() || id.length() > 35) {
      throw new IllegalArgumentException("a payout file's id must be 1 to 35 characters: " + id);
    }
    payouts = List.copyOf(payouts);
    if (payouts.isEmpty()) {
      throw new IllegalArgumentException("payout file " + id + " has no payouts");
    }
    Set<TransactionId> seen = new HashSet<>();
    for (Payout payout : payouts) {
      if (!payout.amount().currency().equals(currency)) {
        throw new CurrencyMismatchException(currency.value(), payout.amount().currency().value());
      }
      if (!seen.add(payout.withdrawalId())) {
        throw new IllegalArgumentException(
            "withdrawal " + payout.withdrawalId() + " twice in payout file " + id);
      }
    }
  }

  /** The sum of the payouts, exactly; overflow is an error. */
  public Money total() {
    Money total = Money.zero(currency);
    for (Payout payout : payouts) {
      total = total.plus(payout.amount());
    }
    return total;
  }
}
