package dev.ewallet.ledger.domain.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.schedule.Recurrence.Frequency;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecurrenceTest {

  private static Instant at(String text) {
    return Instant.parse(text);
  }

  @Test
  void aMonthlyRunFallsOnItsDayOrTheMonthsLastDayAtTheFirstRunsTime() {
    Recurrence monthly = new Recurrence(Frequency.MONTHLY, 31, null);

    assertThat(monthly.first(at("2027-01-10T08:30:00Z"))).isEqualTo(at("2027-01-31T08:30:00Z"));
    assertThat(monthly.after(at("2027-01-31T08:30:00Z"))).contains(at("2027-02-28T08:30:00Z"));
    assertThat(monthly.after(at("2027-02-28T08:30:00Z"))).contains(at("2027-03-31T08:30:00Z"));
    assertThat(monthly.after(at("2028-01-31T08:30:00Z"))).contains(at("2028-02-29T08:30:00Z"));
    // A first day after the month's run day starts next month.
    assertThat(new Recurrence(Frequency.MONTHLY, 5, null).first(at("2027-01-10T08:30:00Z")))
        .isEqualTo(at("2027-02-05T08:30:00Z"));
  }

  @Test
  void dailyAndWeeklyRunsFollowTheFirstAndStopAtTheEnd() {
    assertThat(new Recurrence(Frequency.DAILY, null, null).after(at("2027-03-01T23:00:00Z")))
        .contains(at("2027-03-02T23:00:00Z"));
    Recurrence weekly = new Recurrence(Frequency.WEEKLY, null, at("2027-03-14T00:00:00Z"));
    assertThat(weekly.after(at("2027-03-01T09:00:00Z"))).contains(at("2027-03-08T09:00:00Z"));
    assertThat(weekly.after(at("2027-03-08T09:00:00Z"))).isEmpty();
    assertThat(Recurrence.ONCE.after(at("2027-03-01T09:00:00Z"))).isEmpty();
  }

  @Test
  void aDayOfMonthBelongsToMonthlySchedulesOnly() {
    assertThatThrownBy(() -> new Recurrence(Frequency.MONTHLY, null, null))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> new Recurrence(Frequency.DAILY, 3, null))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> new Recurrence(Frequency.MONTHLY, 32, null))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> new Recurrence(Frequency.ONCE, null, at("2027-01-01T00:00:00Z")))
        .isInstanceOf(InvalidRequestException.class);
  }
}
