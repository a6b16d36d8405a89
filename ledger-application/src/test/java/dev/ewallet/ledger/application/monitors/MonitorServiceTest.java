package dev.ewallet.ledger.application.monitors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.MonitorNotFoundException;
import dev.ewallet.ledger.domain.error.TooManyMonitorsException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import dev.ewallet.ledger.domain.monitor.MonitorOperator;
import dev.ewallet.ledger.domain.monitor.MonitorTriggered;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorCommand;
import dev.ewallet.ledger.domain.port.in.SetMonitorCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Balance monitors through the use cases and the one posting path: who may set them, the rising
 * edge kept across postings and within one group-commit batch, and their events in the outbox.
 */
class MonitorServiceTest {

  private static final MonitorCondition BELOW_1000 =
      new MonitorCondition(MonitorField.BALANCE, MonitorOperator.LESS_THAN, 1_000);

  private final LedgerServicesFixture f =
      new LedgerServicesFixture(
          new GroupCommitSettings(
              64, 1, Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(1)));
  private final AccountId wallet = f.openWallet(7);
  private final AccountId sink = f.openWallet(8);

  @AfterEach
  void stop() {
    f.services.close();
  }

  private BalanceMonitor set(Caller caller, AccountId account) {
    return f.services.monitors().set(new SetMonitorCommand(caller, account, BELOW_1000));
  }

  private TransferFundsCommand pay(long amount) {
    return new TransferFundsCommand(
        Caller.user(7), LedgerFixtures.freshKey(), wallet, sink, amount, null);
  }

  @Test
  void fiveThousandToNineHundredToEightHundredToTwelveHundredToSevenHundredFiresTwice()
      throws Exception {
    f.services.start();
    f.deposit(wallet, 5_000);
    BalanceMonitor monitor = set(Caller.user(7), wallet);
    assertThat(monitor.conditionMet()).isFalse();

    // All four in one group-commit batch: each compared with the edge the one before it left.
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    CompletableFuture<PostingReceipt> to900 = writer.queue(pay(4_100));
    CompletableFuture<PostingReceipt> to800 = writer.queue(pay(100));
    CompletableFuture<PostingReceipt> to1200 =
        writer.queue(
            new DepositFundsCommand(
                LedgerServicesFixture.OPERATOR, LedgerFixtures.freshKey(), wallet, 400));
    CompletableFuture<PostingReceipt> to700 = writer.queue(pay(500));
    writer.release();
    List<TransactionId> posted =
        List.of(to900.join(), to800.join(), to1200.join(), to700.join()).stream()
            .map(PostingReceipt::transactionId)
            .toList();

    assertThat(f.batchSizes).last().isEqualTo(4);
    List<MonitorTriggered> fired = f.ledger.outbox().monitorEvents();
    assertThat(fired)
        .extracting(MonitorTriggered::transactionId)
        .containsExactly(posted.get(0), posted.get(3));
    assertThat(fired.get(1).before().amountMinor()).isEqualTo(1_200);
    assertThat(fired.get(1).after().amountMinor()).isEqualTo(700);
    assertThat(f.services.monitors().monitors(Caller.user(7), wallet))
        .singleElement()
        .matches(BalanceMonitor::conditionMet);
  }

  @Test
  void ownersSetMonitorsOnTheirOwnWalletsAndOperatorsOnAny() {
    assertThatThrownBy(() -> set(Caller.user(8), wallet)).isInstanceOf(AccessDeniedException.class);
    assertThat(set(LedgerServicesFixture.OPERATOR, wallet).createdBy()).isEqualTo(1);
    assertThatThrownBy(() -> f.services.monitors().monitors(Caller.user(8), wallet))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void anAccountHasAtMostTenMonitorsAndARemovedOneIsGone() {
    BalanceMonitor first = set(Caller.user(7), wallet);
    for (int i = 1; i < MonitorService.MAX_PER_ACCOUNT; i++) {
      set(Caller.user(7), wallet);
    }
    assertThatThrownBy(() -> set(Caller.user(7), wallet))
        .isInstanceOf(TooManyMonitorsException.class);

    f.services.monitors().remove(new RemoveMonitorCommand(Caller.user(7), wallet, first.id()));

    assertThat(f.services.monitors().monitors(Caller.user(7), wallet)).hasSize(9);
    assertThatThrownBy(() ->
            f.services
                .monitors()
                .remove(new RemoveMonitorCommand(Caller.user(7), wallet, first.id())))
        .isInstanceOf(MonitorNotFoundException.class);
    assertThatThrownBy(() ->
            f.services
                .monitors()
                .remove(new RemoveMonitorCommand(Caller.user(8), sink, first.id())))
        .isInstanceOf(MonitorNotFoundException.class);
  }
}
