package dev.ewallet.ledger.domain.limits;

import dev.ewallet.ledger.domain.error.LimitExceededException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * What may still leave a wallet in the current UTC day and month: its limits ({@code null} for
 * none) and what has left so far. Money leaving counts against both windows; a reversal or refund
 * gives it back only within the window it was spent in, so a limit can never be reopened for a day
 * by undoing an earlier day's payment.
 */
public record OutgoingAllowance(
    Long dailyLimit, long dailyUsed, Long monthlyLimit, long monthlyUsed) {

  /** The allowance after {@code amountMinor} leaves the wallet, or the limit it would pass. */
  public OutgoingAllowance spend(long amountMinor) {
    long day = Math.addExact(dailyUsed, amountMinor);
    long month = Math.addExact(monthlyUsed, amountMinor);
    if (dailyLimit != null && day > dailyLimit) {
      throw new LimitExceededException("dailyOut", Math.max(0, dailyLimit - dailyUsed));
    }
    if (monthlyLimit != null && month > monthlyLimit) {
      throw new LimitExceededException("monthlyOut", Math.max(0, monthlyLimit - monthlyUsed));
    }
    return new OutgoingAllowance(dailyLimit, day, monthlyLimit, month);
  }

  /**
   * The allowance after {@code amountMinor} spent at {@code spentAt} came back at {@code now}:
   * given back in each window that still is the one it was spent in, never below nothing used.
   */
  public OutgoingAllowance giveBack(long amountMinor, Instant spentAt, Instant now) {
    LocalDate spent = LocalDate.ofInstant(spentAt, ZoneOffset.UTC);
    LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
    long day = spent.equals(today) ? Math.max(0, dailyUsed - amountMinor) : dailyUsed;
    long month =
        spent.withDayOfMonth(1).equals(today.withDayOfMonth(1))
            ? Math.max(0, monthlyUsed - amountMinor)
            : monthlyUsed;
    return new OutgoingAllowance(dailyLimit, day, monthlyLimit, month);
  }

  /** The start of the next UTC day after {@code now}: when the daily window resets. */
  public static Instant nextDay(Instant now) {
    return LocalDate.ofInstant(now, ZoneOffset.UTC)
        .plusDays(1)
        .atStartOfDay(ZoneOffset.UTC)
        .toInstant();
  }

  /** The start of the next UTC month after {@code now}: when the monthly window resets. */
  public static Instant nextMonth(Instant now) {
    return LocalDate.ofInstant(now, ZoneOffset.UTC)
        .withDayOfMonth(1)
        .plusMonths(1)
        .atStartOfDay(ZoneOffset.UTC)
        .toInstant();
  }
}
