package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import dev.ewallet.ledger.domain.schedule.Recurrence;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduleStatus;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ScheduleStore} must do, run against the in-memory store and the JDBC adapter: a
 * key answers its first schedule, due runs come earliest first, a move happens once, an execution
 * is recorded once.
 */
public abstract class ScheduleStoreContract {

  private static final Instant FIRST = Instant.parse("2040-01-15T08:00:00Z");

  protected abstract ScheduleStore schedules();

  protected abstract AccountRepository accounts();

  private final UserId owner = UserId.of(LedgerFixtures.freshUserId());

  private ScheduledTransfer newSchedule(Instant firstAt) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    Account from = accounts().create(new NewAccount(owner, VND, AccountKind.USER, now));
    Account to = accounts().create(new NewAccount(owner, VND, AccountKind.USER, now));
    return ScheduledTransfer.create(
        TransactionId.random(),
        owner,
        from.id(),
        to.id(),
        500,
        new TransactionDetails("rent", "monthly rent", Map.of("flat", "4B")),
        new Recurrence(Recurrence.Frequency.MONTHLY, 15, null),
        2,
        Duration.ofHours(1),
        firstAt,
        now);
  }

  private ScheduledTransfer stored(ScheduledTransfer schedule) {
    return schedules()
        .create(
            schedule,
            owner.value(),
            LedgerFixtures.freshKey(),
            RequestFingerprint.of("CONTRACT", schedule.id()));
  }

  @Test
  void aKeyAnswersItsFirstScheduleAndRefusesAnotherBody() {
    ScheduledTransfer schedule = newSchedule(FIRST);
    IdempotencyKey key = LedgerFixtures.freshKey();
    RequestFingerprint body = RequestFingerprint.of("CONTRACT", "a");

    assertThat(schedules().create(schedule, owner.value(), key, body)).isEqualTo(schedule);
    assertThat(schedules().create(newSchedule(FIRST), owner.value(), key, body))
        .isEqualTo(schedule);
    assertThatThrownBy(() ->
            schedules()
                .create(newSchedule(FIRST), owner.value(), key, RequestFingerprint.of("X", "b")))
        .isInstanceOf(IdempotencyKeyReusedException.class);
    assertThat(schedules().find(schedule.id())).contains(schedule);
    assertThat(schedules().ofOwner(owner, 10)).containsExactly(schedule);
  }

  @Test
  void dueRunsComeEarliestFirstAndAMoveHappensOnceWithItsExecutionRecordedOnce() {
    ScheduledTransfer later = stored(newSchedule(FIRST.plus(Duration.ofDays(31))));
    ScheduledTransfer first = stored(newSchedule(FIRST));
    Instant now = FIRST.plus(Duration.ofDays(40));

    List<TransactionId> due =
        schedules().due(now, 1_000).stream()
            .map(ScheduledTransfer::id)
            .filter(id -> id.equals(first.id()) || id.equals(later.id()))
            .toList();
    assertThat(due).containsExactly(first.id(), later.id());

    ScheduledTransfer refused = first.afterRefusal(now);
    ScheduleExecution execution =
        ScheduleExecution.refused(first, refused, new InsufficientFundsException(1, 0, 500), now);
    assertThat(schedules().replaceAll(List.of(new ScheduleStore.Move(first, refused, execution))))
        .isOne();
    assertThat(schedules().replaceAll(List.of(new ScheduleStore.Move(first, refused, execution))))
        .isZero();
    assertThat(schedules().find(first.id())).contains(refused);
    assertThat(schedules().executions(first.id(), 10)).containsExactly(execution);

    ScheduledTransfer paused = refused.paused();
    assertThat(schedules().replace(refused, paused)).isTrue();
    assertThat(schedules().find(first.id()).orElseThrow().status())
        .isEqualTo(ScheduleStatus.PAUSED);
    assertThat(schedules().due(now, 1_000))
        .extracting(ScheduledTransfer::id)
        .doesNotContain(first.id());
  }
}
