package dev.ewallet.ledger.application.schedules;

import static dev.ewallet.ledger.application.LedgerServicesFixture.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.ScheduleConflictException;
import dev.ewallet.ledger.domain.error.ScheduleNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleCommand;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleCommand.Change;
import dev.ewallet.ledger.domain.port.in.CreateScheduledTransferCommand;
import dev.ewallet.ledger.domain.port.in.RunDueSchedulesCommand;
import dev.ewallet.ledger.domain.schedule.Recurrence;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduleStatus;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import dev.ewallet.ledger.testkit.InMemorySchedules;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scheduled transfers on the in-memory ledger: runs post once, refusals retry, states hold. */
class ScheduledTransferServiceTest {

  private static final Instant FIRST = Instant.parse("2026-12-31T09:00:00Z");

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final InMemorySchedules store = new InMemorySchedules();
  private final ScheduledTransferService schedules =
      new ScheduledTransferService(f.ledger.accounts(), store, f.services.transfers(), f.clock);
  private final AccountId payer = f.openWallet(7);
  private final AccountId landlord = f.openWallet(8);

  private ScheduledTransfer monthly(IdempotencyKey key, int attempts) {
    return schedules.schedule(
        new CreateScheduledTransferCommand(
            Caller.user(7),
            key,
            payer,
            landlord,
            1_000,
            new TransactionDetails("rent", "monthly rent", null),
            FIRST,
            new Recurrence(Recurrence.Frequency.MONTHLY, 31, Instant.parse("2027-03-31T23:00:00Z")),
            attempts,
            Duration.ofHours(6)));
  }

  private int runAt(String instant) {
    return schedules.runDue(new RunDueSchedulesCommand(Instant.parse(instant), 1_000));
  }

  @Test
  void aMonthlyScheduleRunsOnItsDayOncePerMonthHoweverOftenItIsRunUntilItsEnd() {
    f.deposit(payer, 10_000);
    ScheduledTransfer rent = monthly(LedgerFixtures.freshKey(), 1);

    assertThat(runAt("2026-12-31T08:59:59Z")).isZero();
    assertThat(runAt("2026-12-31T09:00:00Z")).isEqualTo(1);
    assertThat(runAt("2026-12-31T10:00:00Z")).isZero();
    // February has no 31st: its run is on the 28th.
    assertThat(schedules.schedule(Caller.user(7), rent.id()).due())
        .isEqualTo(Instant.parse("2027-01-31T09:00:00Z"));
    assertThat(runAt("2027-01-31T09:00:00Z")).isEqualTo(1);
    assertThat(schedules.schedule(Caller.user(7), rent.id()).due())
        .isEqualTo(Instant.parse("2027-02-28T09:00:00Z"));
    assertThat(runAt("2027-03-31T12:00:00Z")).isEqualTo(1); // February's, late
    assertThat(runAt("2027-03-31T12:00:00Z")).isEqualTo(1); // March's
    assertThat(runAt("2027-04-30T12:00:00Z")).isZero(); // past its end

    assertThat(f.balance(landlord)).isEqualTo(4_000);
    assertThat(schedules.schedule(Caller.user(7), rent.id()).status())
        .isEqualTo(ScheduleStatus.FINISHED);
    assertThat(schedules.executions(Caller.user(7), rent.id(), 10))
        .hasSize(4)
        .allSatisfy(e -> assertThat(e.outcome()).isEqualTo(ScheduleExecution.Outcome.POSTED));
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aRefusedRunIsRecordedAndRetriedUnderTheSameKeyThenGivenUp() {
    ScheduledTransfer rent = monthly(LedgerFixtures.freshKey(), 2);

    assertThat(runAt("2026-12-31T09:00:00Z")).isEqualTo(1);
    List<ScheduleExecution> tried = schedules.executions(Caller.user(7), rent.id(), 10);
    assertThat(tried)
        .singleElement()
        .satisfies(e -> {
          assertThat(e.outcome()).isEqualTo(ScheduleExecution.Outcome.REFUSED);
          assertThat(e.refusal()).isEqualTo("INSUFFICIENT_FUNDS");
          assertThat(e.retryAt()).isEqualTo(Instant.parse("2026-12-31T15:00:00Z"));
        });
    f.deposit(payer, 1_000);
    assertThat(runAt("2026-12-31T15:00:00Z")).isEqualTo(1);
    assertThat(f.balance(landlord)).isEqualTo(1_000);
    assertThat(schedules.executions(Caller.user(7), rent.id(), 10).getFirst().outcome())
        .isEqualTo(ScheduleExecution.Outcome.POSTED);

    // January's run is refused twice, and then given up for February's.
    assertThat(runAt("2027-01-31T09:00:00Z")).isEqualTo(1);
    assertThat(runAt("2027-01-31T16:00:00Z")).isEqualTo(1);
    assertThat(schedules.schedule(Caller.user(7), rent.id()).due())
        .isEqualTo(Instant.parse("2027-02-28T09:00:00Z"));
    assertThat(schedules.executions(Caller.user(7), rent.id(), 10).getFirst().retryAt()).isNull();
  }

  @Test
  void onlyItsPayerSchedulesFromAWalletAndSeesThemAndAKeyAnswersItsFirstSchedule() {
    IdempotencyKey key = LedgerFixtures.freshKey();
    ScheduledTransfer rent = monthly(key, 1);
    assertThat(monthly(key, 1)).isEqualTo(rent);
    assertThatThrownBy(() -> monthly(key, 2)).isInstanceOf(IdempotencyKeyReusedException.class);
    assertThatThrownBy(() ->
            schedules.schedule(
                new CreateScheduledTransferCommand(
                    Caller.user(8),
                    LedgerFixtures.freshKey(),
                    payer,
                    landlord,
                    1,
                    TransactionDetails.NONE,
                    FIRST,
                    Recurrence.ONCE,
                    1,
                    Duration.ZERO)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> schedules.schedule(Caller.user(8), rent.id()))
        .isInstanceOf(ScheduleNotFoundException.class);
    assertThat(schedules.schedule(OPERATOR, rent.id())).isEqualTo(rent);
    assertThat(schedules.schedules(Caller.user(7), 10)).containsExactly(rent);
  }

  @Test
  void aPausedScheduleSkipsTheRunsDueMeanwhileAndACancelledOneNeverRunsAgain() {
    f.deposit(payer, 10_000);
    ScheduledTransfer rent = monthly(LedgerFixtures.freshKey(), 1);
    change(rent, Change.PAUSE);
    assertThatThrownBy(() -> change(rent, Change.PAUSE))
        .isInstanceOf(ScheduleConflictException.class);
    assertThat(runAt("2027-01-01T00:00:00Z")).isZero();

    f.clock.advance(Duration.ofDays(35)); // 2027-01-04: December's run was skipped
    ScheduledTransfer resumed = change(rent, Change.RESUME);
    assertThat(resumed.due()).isEqualTo(Instant.parse("2027-01-31T09:00:00Z"));
    change(rent, Change.CANCEL);
    assertThat(runAt("2027-02-01T00:00:00Z")).isZero();
    assertThat(f.balance(landlord)).isZero();
  }

  private ScheduledTransfer change(ScheduledTransfer schedule, Change change) {
    return schedules.change(new ChangeScheduleCommand(Caller.user(7), schedule.id(), change));
  }
}
