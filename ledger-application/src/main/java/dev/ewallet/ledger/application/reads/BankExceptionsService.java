package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.domain.bank.BankExceptions;
import dev.ewallet.ledger.domain.port.in.BankExceptionsQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The bank view of reconciliation (docs/bank-reconciliation.md): statement lines left in the
 * exceptions queue that the bank booked longer ago than {@code unmatchedLineAge} (by the UTC day of
 * booking), and withdrawals still pending longer than the bank's usual {@code settlementTime}.
 */
public final class BankExceptionsService implements BankExceptionsQuery {

  private final BankStatementStore statements;
  private final WithdrawalRepository withdrawals;
  private final Duration unmatchedLineAge;
  private final Duration settlementTime;
  private final Clock clock;

  public BankExceptionsService(
      BankStatementStore statements,
      WithdrawalRepository withdrawals,
      Duration unmatchedLineAge,
      Duration settlementTime,
      Clock clock) {
    this.statements = statements;
    this.withdrawals = withdrawals;
    this.unmatchedLineAge = requirePositive(unmatchedLineAge, "unmatchedLineAge");
    this.settlementTime = requirePositive(settlementTime, "settlementTime");
    this.clock = clock;
  }

  private static Duration requirePositive(Duration duration, String name) {
    if (Objects.requireNonNull(duration, name).isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, not " + duration);
    }
    return duration;
  }

  @Override
  public BankExceptions exceptions(Caller caller) {
    caller.requireOperator();
    Instant now = clock.instant();
    LocalDate bookedBefore = LocalDate.ofInstant(now.minus(unmatchedLineAge), ZoneOffset.UTC);
    return new BankExceptions(
        unmatchedLineAge,
        statements.unmatchedBookedBefore(bookedBefore, BankExceptions.LISTED),
        settlementTime,
        withdrawals.pendingSince(now.minus(settlementTime), BankExceptions.LISTED),
        now);
  }
}
