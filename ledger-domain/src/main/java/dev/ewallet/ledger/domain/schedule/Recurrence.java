package dev.ewallet.ledger.domain.schedule;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * When a scheduled transfer runs again, in UTC: once ({@link Frequency#ONCE}), every day, every
 * week on the first run's weekday, or every month on a day of the month (the month's last day when
 * it is shorter: the 31st runs on 30 April and 28 or 29 February), always at the first run's time
 * of day, up to an optional end.
 *
 * @param dayOfMonth for {@link Frequency#MONTHLY}, 1 to 31; {@code null} otherwise
 * @param until no run after this instant; {@code null} for none
 */
public record Recurrence(Frequency frequency, Integer dayOfMonth, Instant until) {

  public enum Frequency {
    ONCE,
    DAILY,
    WEEKLY,
    MONTHLY
  }

  public static final Recurrence ONCE = new Recurrence(Frequency.ONCE, null, null);

  public Recurrence {
    Objects.requireNonNull(frequency, "frequency");
    if ((frequency == Frequency.MONTHLY) != (dayOfMonth != null)) {
      throw new InvalidRequestException(
          "dayOfMonth is set for MONTHLY schedules and only for them");
    }
    if (dayOfMonth != null && (dayOfMonth < 1 || dayOfMonth > 31)) {
      throw new InvalidRequestException("dayOfMonth must be 1 to 31, not " + dayOfMonth);
    }
    if (frequency == Frequency.ONCE && until != null) {
      throw new InvalidRequestException("a schedule that runs once has no end");
    }
  }

  /**
   * The first run: {@code firstAt} itself, except that a monthly schedule runs on its day, the
   * first time on or after {@code firstAt}'s date, at its time of day.
   */
  public Instant first(Instant firstAt) {
    if (frequency != Frequency.MONTHLY) {
      return firstAt;
    }
    LocalDateTime at = LocalDateTime.ofInstant(firstAt, ZoneOffset.UTC);
    LocalDateTime run = onDay(YearMonth.from(at), at);
    return (run.isBefore(at) ? onDay(YearMonth.from(at).plusMonths(1), at) : run)
        .toInstant(ZoneOffset.UTC);
  }

  /** The run after the one due at {@code due}; empty when there is none (once, or past the end). */
  public Optional<Instant> after(Instant due) {
    LocalDateTime at = LocalDateTime.ofInstant(due, ZoneOffset.UTC);
    LocalDateTime next =
        switch (frequency) {
          case ONCE -> null;
          case DAILY -> at.plusDays(1);
          case WEEKLY -> at.plusWeeks(1);
          case MONTHLY -> onDay(YearMonth.from(at).plusMonths(1), at);
        };
    if (next == null) {
      return Optional.empty();
    }
    Instant instant = next.toInstant(ZoneOffset.UTC);
    return until != null && instant.isAfter(until) ? Optional.empty() : Optional.of(instant);
  }

  private LocalDateTime onDay(YearMonth month, LocalDateTime timeOfDay) {
    return month.atDay(Math.min(dayOfMonth, month.lengthOfMonth())).atTime(timeOfDay.toLocalTime());
  }
}
