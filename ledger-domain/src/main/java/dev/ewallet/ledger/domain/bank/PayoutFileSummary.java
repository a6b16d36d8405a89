package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * A recorded payment file as a listing shows it: without its payouts, which {@link PayoutFile}
 * carries.
 *
 * @param payouts how many payouts the file holds
 * @param total their sum, in the file's currency
 */
public record PayoutFileSummary(
    String id,
    CurrencyCode currency,
    Instant createdAt,
    LocalDate executionDate,
    int payouts,
    Money total) {

  public PayoutFileSummary {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(executionDate, "executionDate");
    total.requireSameCurrency(Money.zero(currency));
    if (payouts < 1 || !total.isPositive()) {
      throw new IllegalArgumentException("payout file " + id + " holds no payout");
    }
  }

  /** The summary of a whole file. */
  public static PayoutFileSummary of(PayoutFile file) {
    return new PayoutFileSummary(
        file.id(),
        file.currency(),
        file.createdAt(),
        file.executionDate(),
        file.payouts().size(),
        file.total());
  }
}
