package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The bank view of reconciliation: what the bank side leaves for operators to chase. Not a break of
 * the books (they balance without it), but money whose fate nobody has settled.
 *
 * @param unmatchedLineAge how long a statement line may wait in the exceptions queue
 * @param staleLines lines still unmatched that the bank booked longer ago than that
 * @param settlementTime how long the bank usually takes to pay a withdrawal out
 * @param overduePayouts withdrawals still pending, requested longer ago than that
 */
public record BankExceptions(
    Duration unmatchedLineAge,
    Overdue<StoredLine> staleLines,
    Duration settlementTime,
    Overdue<Withdrawal> overduePayouts,
    Instant checkedAt) {

  /** The most of each kind a report lists; the counts are complete. */
  public static final int LISTED = 20;

  public BankExceptions {
    Objects.requireNonNull(unmatchedLineAge, "unmatchedLineAge");
    Objects.requireNonNull(staleLines, "staleLines");
    Objects.requireNonNull(settlementTime, "settlementTime");
    Objects.requireNonNull(overduePayouts, "overduePayouts");
    Objects.requireNonNull(checkedAt, "checkedAt");
  }

  /** Whether nothing waits too long. */
  public boolean clear() {
    return staleLines.count() == 0 && overduePayouts.count() == 0;
  }
}
