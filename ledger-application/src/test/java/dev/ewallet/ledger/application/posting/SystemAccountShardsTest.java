package dev.ewallet.ledger.application.posting;

import static dev.ewallet.ledger.application.LedgerServicesFixture.OPERATOR;
import static dev.ewallet.ledger.application.LedgerServicesFixture.await;
import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * System accounts served by shards (ADR 0022): new money spreads over a currency's shards, a
 * settlement takes its money back from the row its request put it on, every aggregate stays exact,
 * and two writers' batches never wait for each other on a system account.
 */
class SystemAccountShardsTest {

  private static final int SHARDS = 4;
  private static final Caller ALICE = Caller.user(7);

  private final LedgerServicesFixture f =
      new LedgerServicesFixture(PostingMode.INLINE, HotAccountRule.DEFAULT, SHARDS);
  private final AccountId alice = f.openWallet(7);
  private final AccountId shop = f.openWallet(9);

  @Test
  void depositsSpreadOverTheClearingShardsAndTheAggregateIsExact() {
    AccountId clearing = f.ledger.accounts().systemAccount(AccountKind.BANK_CLEARING, VND);
    List<AccountId> shards = f.ledger.accounts().systemShards(clearing);
    assertThat(shards).hasSize(SHARDS).doesNotContain(clearing);

    Set<AccountId> debited = new HashSet<>();
    for (int i = 0; i < 60; i++) {
      debited.add(systemRowOf(f.deposit(alice, 100).transactionId(), AccountKind.BANK_CLEARING));
    }

    assertThat(debited).as("inline postings pick a shard at random").hasSizeGreaterThan(1);
    assertThat(shards).containsAll(debited);
    assertThat(f.balance(clearing)).as("nothing lands on the main row").isZero();
    assertThat(aggregate(AccountKind.BANK_CLEARING)).isEqualTo(-6_000);
    assertThat(f.balance(alice)).isEqualTo(6_000);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aWithdrawalIsSettledFromTheHoldShardItsRequestPutTheMoneyOn() {
    f.deposit(alice, 100_000);
    List<TransactionId> requests = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      requests.add(
          f.services
              .withdrawals()
              .request(new RequestWithdrawalCommand(ALICE, freshKey(), alice, 1_000))
              .transactionId());
    }
    assertThat(aggregate(AccountKind.HOLD)).isEqualTo(20_000);
    assertThat(f.booksBalance()).as("the hold shards together equal what is pending").isTrue();

    for (int i = 0; i < requests.size(); i++) {
      TransactionId request = requests.get(i);
      PostingReceipt settled =
          f.services
              .withdrawals()
              .settle(
                  i % 2 == 0
                      ? new CompleteWithdrawalCommand(OPERATOR, freshKey(), request)
                      : new FailWithdrawalCommand(OPERATOR, freshKey(), request, "closed"));
      assertThat(systemRowOf(settled.transactionId(), AccountKind.HOLD))
          .isEqualTo(systemRowOf(request, AccountKind.HOLD));
    }

    assertThat(aggregate(AccountKind.HOLD)).isZero();
    assertThat(holdRows()).allSatisfy(row -> assertThat(row.balance().isZero()).isTrue());
    assertThat(aggregate(AccountKind.PAYOUT_CLEARING)).isEqualTo(10_000);
    assertThat(f.balance(alice)).isEqualTo(90_000);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aHoldIsCapturedOrVoidedFromTheShardItWasPlacedOn() {
    f.deposit(alice, 10_000);
    List<TransactionId> holds = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      holds.add(
          f.services
              .holds()
              .place(
                  new PlaceHoldCommand(
                      ALICE,
                      freshKey(),
                      alice,
                      shop,
                      500,
                      f.clock.instant().plus(Duration.ofHours(1))))
              .transactionId());
    }
    for (int i = 0; i < holds.size(); i++) {
      TransactionId hold = holds.get(i);
      PostingReceipt settled =
          f.services
              .holds()
              .settle(
                  i % 2 == 0
                      ? new CaptureHoldCommand(OPERATOR, freshKey(), hold, 300L)
                      : new VoidHoldCommand(ALICE, freshKey(), hold));
      assertThat(systemRowOf(settled.transactionId(), AccountKind.HOLD))
          .isEqualTo(systemRowOf(hold, AccountKind.HOLD));
    }

    assertThat(aggregate(AccountKind.HOLD)).isZero();
    assertThat(f.balance(shop)).isEqualTo(6 * 300);
    assertThat(f.balance(alice)).isEqualTo(10_000 - 6 * 300);
    assertThat(f.booksBalance()).isTrue();
  }

  /**
   * Two deposits to different wallets share only the clearing account, which each writer serves by
   * a shard of its own: the second is posted by a second writer while the first writer's batch
   * still waits on the database. Without shards it would wait for that batch ({@link
   * DisjointBatches}).
   */
  @Test
  void twoWritersDepositOnShardsOfTheirOwnWithoutWaitingForEachOther() throws Exception {
    LedgerServicesFixture live =
        new LedgerServicesFixture(
            new GroupCommitSettings(
                64, 2, Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMillis(50)),
            HotAccountRule.DEFAULT,
            SHARDS);
    AccountId first = live.openWallet(7);
    AccountId second = live.openWallet(8);
    CountDownLatch database = live.unitOfWork.stallNextStart();
    int runsBefore = live.unitOfWork.runs();
    live.services.start();
    try {
      CompletableFuture<PostingReceipt> stalled =
          CompletableFuture.supplyAsync(() -> deposit(live, first));
      await(() -> live.unitOfWork.runs() > runsBefore, "the first writer took the first deposit");
      // Past a batch's expected time (unmeasured: a millisecond), a deposit queued behind the
      // stalled batch would wait for it: the engine starts a second writer.
      Thread.sleep(20 * CommitTimes.UNMEASURED_NANOS / 1_000_000);

      PostingReceipt behind = deposit(live, second);

      assertThat(stalled).as("still waiting on the database: another writer posted it").isNotDone();
      database.countDown();
      PostingReceipt firstPosted = stalled.get(30, TimeUnit.SECONDS);
      AccountId firstRow =
          systemRowOf(live, firstPosted.transactionId(), AccountKind.BANK_CLEARING);
      AccountId secondRow = systemRowOf(live, behind.transactionId(), AccountKind.BANK_CLEARING);
      assertThat(firstRow).as("each writer on a shard of its own").isNotEqualTo(secondRow);
      assertThat(live.balance(first)).isEqualTo(1_000);
      assertThat(live.balance(second)).isEqualTo(1_000);
      assertThat(live.booksBalance()).isTrue();
    } finally {
      database.countDown();
      live.services.close();
    }
  }

  private static PostingReceipt deposit(LedgerServicesFixture live, AccountId wallet) {
    return live.services
        .deposits()
        .deposit(new DepositFundsCommand(OPERATOR, freshKey(), wallet, 1_000));
  }

  private AccountId systemRowOf(TransactionId id, AccountKind kind) {
    return systemRowOf(f, id, kind);
  }

  /** The row of {@code kind} the transaction posted to: the main account or one of its shards. */
  private static AccountId systemRowOf(
      LedgerServicesFixture fixture, TransactionId id, AccountKind kind) {
    JournalTransaction posted =
        fixture.ledger.journal().findById(id).orElseThrow().journalTransaction();
    return posted.postings().stream()
        .map(Posting::accountId)
        .filter(row -> fixture.ledger.accounts().existing(row).kind() == kind)
        .findFirst()
        .orElseThrow();
  }

  private List<Account> holdRows() {
    AccountId main = f.ledger.accounts().systemAccount(AccountKind.HOLD, VND);
    List<Account> rows = new ArrayList<>(f.ledger.accounts().findShards(main));
    rows.add(f.ledger.accounts().existing(main));
    return rows;
  }

  /** The balance of the currency's system account of {@code kind}: its main row and its shards. */
  private long aggregate(AccountKind kind) {
    AccountId main = f.ledger.accounts().systemAccount(kind, VND);
    long sum = f.balance(main);
    for (AccountId shard : f.ledger.accounts().systemShards(main)) {
      sum += f.balance(shard);
    }
    return sum;
  }
}
