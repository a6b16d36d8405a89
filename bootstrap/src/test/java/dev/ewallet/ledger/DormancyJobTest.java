package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsCommand;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import dev.ewallet.ledger.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dormancy job walks every account id in ranges, at the period's cut-off; zero is off. */
class DormancyJobTest {

  private final TestClock clock = new TestClock(Instant.parse("2026-12-07T00:00:00Z"));
  private final InMemoryLedger ledger = InMemoryLedger.create();
  private final List<MarkDormantWalletsCommand> runs = new ArrayList<>();

  private DormancyJob job(Duration dormantAfter) {
    return new DormancyJob(
        command -> {
          runs.add(command);
          return 1;
        },
        ledger.accounts(),
        dormantAfter,
        clock);
  }

  private void openWallet(long owner) {
    ledger
        .accounts()
        .create(
            new NewAccount(
                UserId.of(owner), LedgerFixtures.VND, AccountKind.USER, clock.instant()));
  }

  @Test
  void everyIdIsLookedAtInRangesAtTheCutOff() {
    assertThat(job(Duration.ofDays(365)).run()).isZero();
    assertThat(runs).isEmpty();
    for (int i = 0; i < 3; i++) {
      openWallet(i + 1);
    }

    assertThat(job(Duration.ofDays(365)).run()).isEqualTo(1);

    assertThat(runs)
        .containsExactly(
            new MarkDormantWalletsCommand(
                Instant.parse("2025-12-07T00:00:00Z"), 1, DormancyJob.RANGE));
  }

  @Test
  void aPeriodOfZeroTurnsDormancyOffAndANegativeOneIsRefused() {
    openWallet(1);
    assertThat(job(Duration.ZERO).run()).isZero();
    assertThat(runs).isEmpty();
    assertThatThrownBy(() -> job(Duration.ofDays(-1))).isInstanceOf(IllegalArgumentException.class);
  }
}
