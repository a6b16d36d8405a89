package dev.ewallet.ledger.application.monitors;

import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
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
import dev.ewallet.ledger.domain.port.in.FailDepositCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorCommand;
import dev.ewallet.ledger.domain.port.in.SetMonitorCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.time.Instant;
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

  @Test
  void aHeldAmountMonitorFollowsHoldsPlacedAndSettledInOneBatch() throws Exception {
    f.services.start();
    f.deposit(wallet, 5_000);
    BalanceMonitor monitor =
        f.services
            .monitors()
            .set(
                new SetMonitorCommand(
                    Caller.user(7),
                    wallet,
                    new MonitorCondition(MonitorField.HELD_AMOUNT, MonitorOperator.AT_LEAST, 300)));
    Instant tomorrow = f.clock.instant().plus(Duration.ofDays(1));
    TransactionId first = placeHold(200, tomorrow).transactionId();

    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    CompletableFuture<PostingReceipt> to400 = writer.queue(() -> placeHold(200, tomorrow));
    CompletableFuture<PostingReceipt> to200 =
        writer.queue(() ->
            f.services.holds().settle(new VoidHoldCommand(Caller.user(7), freshKey(), first)));
    CompletableFuture<PostingReceipt> to600 = writer.queue(() -> placeHold(400, tomorrow));
    writer.release();
    List<TransactionId> posted =
        List.of(to400.join(), to200.join(), to600.join()).stream()
            .map(PostingReceipt::transactionId)
            .toList();

    assertThat(f.batchSizes).last().isEqualTo(3);
    assertThat(f.ledger.outbox().monitorEvents())
        .as("200 -> 400 fires, 400 -> 200 arms, 200 -> 600 fires")
        .allMatch(e -> e.monitor().id() == monitor.id())
        .extracting(
            e -> e.transactionId(), e -> e.before().amountMinor(), e -> e.after().amountMinor())
        .containsExactly(tuple(posted.get(0), 200L, 400L), tuple(posted.get(2), 200L, 600L));
  }

  @Test
  void aPendingInMonitorFiresOnAnAnnouncementAndArmsOnAFailure() {
    BalanceMonitor monitor =
        f.services
            .monitors()
            .set(
                new SetMonitorCommand(
                    LedgerServicesFixture.OPERATOR,
                    wallet,
                    new MonitorCondition(
                        MonitorField.PENDING_IN, MonitorOperator.GREATER_THAN, 0)));
    DepositFundsCommand announcement =
        new DepositFundsCommand(LedgerServicesFixture.OPERATOR, freshKey(), wallet, 700, null);
    PendingDeposit announced = f.services.pendingDeposits().announce(announcement).deposit();
    f.services.pendingDeposits().announce(announcement); // a replay changes nothing
    f.services
        .pendingDeposits()
        .fail(
            new FailDepositCommand(
                LedgerServicesFixture.OPERATOR, freshKey(), announced.id(), "returned"));
    PendingDeposit again =
        f.services
            .pendingDeposits()
            .announce(
                new DepositFundsCommand(
                    LedgerServicesFixture.OPERATOR, freshKey(), wallet, 300, null))
            .deposit();

    assertThat(f.ledger.outbox().monitorEvents())
        .allMatch(e -> e.monitor().id() == monitor.id() && e.transactionId() == null)
        .extracting(MonitorTriggered::pendingDepositId, e -> e.after().amountMinor())
        .containsExactly(tuple(announced.id(), 700L), tuple(again.id(), 300L));
  }

  private PostingReceipt placeHold(long amount, Instant expiresAt) {
    return f.services
        .holds()
        .place(new PlaceHoldCommand(Caller.user(7), freshKey(), wallet, sink, amount, expiresAt));
  }
}
