package dev.ewallet.ledger.application.posting;

import static dev.ewallet.ledger.application.LedgerServicesFixture.await;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.TransferBatchCommand;
import dev.ewallet.ledger.domain.port.in.TransferBatchResult;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The engine's batches over the in-memory fake, driven through its public API: requests queue up
 * behind the only writer while a unit of work holds it ({@link
 * LedgerServicesFixture#holdTheWriter}), and its next batch takes them together.
 */
class GroupCommitEngineTest {

  // Requests wait in the queue while the test queues the rest: far longer than that takes.
  private final LedgerServicesFixture f =
      oneWriter(64, Duration.ofSeconds(30), Duration.ofSeconds(30));
  private final AccountId alice = f.openWallet(7);
  private final AccountId bob = f.openWallet(8);

  @BeforeEach
  void startTheWriter() {
    f.services.start();
  }

  @AfterEach
  void stopTheWriter() {
    f.services.close();
  }

  private TransferFundsCommand transfer(long amount, IdempotencyKey key) {
    return new TransferFundsCommand(Caller.user(7), key, alice, bob, amount);
  }

  private static Throwable failure(CompletableFuture<PostingReceipt> result) {
    try {
      result.join();
      return null;
    } catch (CompletionException e) {
      return e.getCause();
    }
  }

  @Test
  void aTransferThatMustFailFailsAloneAndItsKeyStaysFree() throws Exception {
    f.deposit(alice, 1_000);
    IdempotencyKey tooMuchKey = freshKey();
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    CompletableFuture<PostingReceipt> first = writer.queue(transfer(600, freshKey()));
    CompletableFuture<PostingReceipt> tooMuch = writer.queue(transfer(600, tooMuchKey));
    CompletableFuture<PostingReceipt> third = writer.queue(transfer(400, freshKey()));

    writer.release();

    assertThat(first.join().replayed()).isFalse();
    assertThat(failure(tooMuch)).isInstanceOf(InsufficientFundsException.class);
    assertThat(third.join().replayed()).isFalse();
    assertThat(f.batchSizes).containsExactly(1, 3);
    assertThat(f.balance(alice)).isZero();
    assertThat(f.balance(bob)).isEqualTo(1_000);
    f.deposit(alice, 600);
    PostingReceipt retried = f.services.transfers().transfer(transfer(600, tooMuchKey));
    assertThat(retried.replayed()).isFalse();
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aKeyTwiceInOneBatchPostsOnceAndTheSecondReplaysOrIsRefused() throws Exception {
    f.deposit(alice, 1_000);
    IdempotencyKey key = freshKey();
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    CompletableFuture<PostingReceipt> first = writer.queue(transfer(100, key));
    CompletableFuture<PostingReceipt> again = writer.queue(transfer(100, key));
    CompletableFuture<PostingReceipt> reused = writer.queue(transfer(101, key));

    writer.release();

    assertThat(again.join().transactionId()).isEqualTo(first.join().transactionId());
    assertThat(again.join().replayed()).isTrue();
    assertThat(failure(reused)).isInstanceOf(IdempotencyKeyReusedException.class);
    assertThat(f.batchSizes).containsExactly(1, 3);
    assertThat(f.balance(alice)).isEqualTo(900);
  }

  @Test
  void aBatchThatFailsAsAWholeIsSplitUntilTheBadTransferFailsAlone() throws Exception {
    f.deposit(alice, 1_000);
    IdempotencyKey poisoned = freshKey();
    f.ledger.journal().breakClaimsOf(poisoned);
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    List<CompletableFuture<PostingReceipt>> good =
        List.of(
            writer.queue(transfer(1, freshKey())),
            writer.queue(transfer(2, freshKey())),
            writer.queue(transfer(3, freshKey())));
    CompletableFuture<PostingReceipt> bad = writer.queue(transfer(4, poisoned));
    int runsBefore = f.unitOfWork.runs();

    writer.release();

    assertThat(good).allSatisfy(r -> assertThat(r.join().replayed()).isFalse());
    assertThat(failure(bad)).isInstanceOf(IllegalStateException.class);
    assertThat(f.balance(alice)).isEqualTo(1_000 - 6);
    // 4 fails; 2 posts, 2 fails; 1 posts, 1 fails alone.
    assertThat(f.unitOfWork.runs() - runsBefore).isEqualTo(5);
    assertThat(f.batchSizes).containsExactly(1, 4);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aRetryAfterALostReplyReplaysTheCommittedResult() {
    f.deposit(alice, 1_000);
    TransferFundsCommand command = transfer(250, freshKey());
    PostingReceipt lost = f.services.transfers().transfer(command);

    PostingReceipt retry = f.services.transfers().transfer(command);

    assertThat(retry.transactionId()).isEqualTo(lost.transactionId());
    assertThat(retry.replayed()).isTrue();
    assertThat(f.balance(alice)).isEqualTo(750);
  }

  /**
   * An embedder that posts before {@code start()} or after {@code close()} learns it at once, not
   * after a queue wait: the settings here would have it wait an hour, past the test's timeout.
   */
  @Test
  @Timeout(60)
  void aPostingWhileNoWriterRunsIsRefusedAtOnceAndPostsNothing() {
    LedgerServicesFixture idle = oneWriter(64, Duration.ofHours(1), Duration.ofHours(1));
    AccountId from = idle.openWallet(7);
    idle.deposit(from, 1_000);
    TransferFundsCommand transfer =
        new TransferFundsCommand(Caller.user(7), freshKey(), from, idle.openWallet(8), 10);
    DepositFundsCommand deposit =
        new DepositFundsCommand(LedgerServicesFixture.OPERATOR, freshKey(), from, 5);

    assertThatThrownBy(() -> idle.services.transfers().transfer(transfer))
        .isInstanceOf(OverloadedException.class)
        .hasMessageContaining("not started");
    assertThatThrownBy(() -> idle.services.deposits().deposit(deposit))
        .isInstanceOf(OverloadedException.class);
    assertThat(idle.services.postingWriters().writers().waiting()).isZero();
    assertThat(idle.balance(from)).isEqualTo(1_000);

    idle.services.start();
    try {
      assertThat(idle.services.transfers().transfer(transfer).replayed()).isFalse();
    } finally {
      idle.services.close();
    }
    assertThatThrownBy(() -> idle.services.deposits().deposit(deposit))
        .isInstanceOf(OverloadedException.class)
        .hasMessageContaining("shutting down");
    assertThat(idle.balance(from)).isEqualTo(990);
    assertThat(idle.booksBalance()).isTrue();
  }

  @Test
  void aTransferOrDepositNoBatchTakesInTimeIsRefusedAsOverloadedAndPostsNothing() throws Exception {
    LedgerServicesFixture live = liveEngine(Duration.ofSeconds(30));
    AccountId from = live.openWallet(7);
    TransferFundsCommand first = fundedTransfer(live, from);
    TransferFundsCommand second =
        new TransferFundsCommand(Caller.user(7), freshKey(), from, first.toAccountId(), 25);
    DepositFundsCommand deposit =
        new DepositFundsCommand(LedgerServicesFixture.OPERATOR, freshKey(), from, 5);
    CountDownLatch database = live.unitOfWork.stallNextStart();
    int runsBefore = live.unitOfWork.runs();
    live.services.start();
    try {
      CompletableFuture<PostingReceipt> stalled =
          CompletableFuture.supplyAsync(() -> live.services.transfers().transfer(first));
      await(() -> live.unitOfWork.runs() > runsBefore, "the only writer took the first transfer");

      // The only writer waits on the database: nothing takes these within the queue wait.
      assertThatThrownBy(() -> live.services.transfers().transfer(second))
          .isInstanceOf(OverloadedException.class)
          .hasMessageContaining("nothing was posted");
      assertThatThrownBy(() -> live.services.deposits().deposit(deposit))
          .isInstanceOf(OverloadedException.class);

      database.countDown();
      assertThat(stalled.get(30, TimeUnit.SECONDS).replayed()).isFalse();
      assertThat(live.services.transfers().transfer(second).replayed()).isFalse();
    } finally {
      database.countDown();
      live.services.close();
    }
    assertThat(live.balance(from)).isEqualTo(1_000 - 40 - 25);
    assertThat(live.booksBalance()).isTrue();
  }

  /**
   * Deposits queue with transfers, and one batch posts them all in one unit of work (a bank's bulk
   * credits take their currency's clearing account once per batch, not once each). A reference
   * given twice in the batch posts once; the other deposit is refused alone, without splitting the
   * batch.
   */
  @Test
  void depositsShareABatchWithTransfersAndAReferenceTwiceInItPostsOnce() throws Exception {
    f.deposit(alice, 1_000);
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    CompletableFuture<PostingReceipt> toBob = writer.queue(deposit(bob, 500, "PAYROLL-1"));
    CompletableFuture<PostingReceipt> transfer = writer.queue(transfer(300, freshKey()));
    CompletableFuture<PostingReceipt> sameReference =
        writer.queue(deposit(alice, 200, "PAYROLL-1"));
    CompletableFuture<PostingReceipt> toAlice = writer.queue(deposit(alice, 250, "PAYROLL-2"));
    int runsBefore = f.unitOfWork.runs();

    writer.release();

    assertThat(List.of(toBob, transfer, toAlice))
        .allSatisfy(r -> assertThat(r.join().replayed()).isFalse());
    assertThat(failure(sameReference)).isInstanceOf(DuplicateReferenceException.class);
    assertThat(f.batchSizes).containsExactly(1, 4);
    assertThat(f.unitOfWork.runs() - runsBefore).isEqualTo(1);
    assertThat(f.balance(alice)).isEqualTo(1_000 - 300 + 250);
    assertThat(f.balance(bob)).isEqualTo(500 + 300);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aBatchTheDatabaseCannotServeIsAnsweredAtOnceNotSplit() throws Exception {
    f.deposit(alice, 1_000);
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    List<CompletableFuture<PostingReceipt>> queued =
        List.of(
            writer.queue(transfer(1, freshKey())),
            writer.queue(transfer(2, freshKey())),
            writer.queue(transfer(3, freshKey())));
    int runsBefore = f.unitOfWork.runs();
    f.unitOfWork.failNext(new OverloadedException("the database did not answer in time"));

    writer.release();

    assertThat(queued)
        .allSatisfy(r -> assertThat(failure(r)).isInstanceOf(OverloadedException.class));
    assertThat(f.unitOfWork.runs()).isEqualTo(runsBefore + 1);
    assertThat(f.balance(alice)).isEqualTo(1_000);
  }

  @Test
  void aBatchWhoseCommitOutcomeIsUnknownAnswersEveryTransferAsUnknown() throws Exception {
    f.deposit(alice, 1_000);
    LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
    List<CompletableFuture<PostingReceipt>> queued =
        List.of(writer.queue(transfer(1, freshKey())), writer.queue(transfer(2, freshKey())));
    f.unitOfWork.failNext(new OutcomeUnknownException("connection lost during commit"));

    writer.release();

    assertThat(queued)
        .allSatisfy(r -> assertThat(failure(r)).isInstanceOf(OutcomeUnknownException.class));
  }

  @Test
  void aTransferWhoseBatchOutlastsTheResultWaitIsAnsweredAsUnknownAndItsRetryTells()
      throws Exception {
    LedgerServicesFixture live = liveEngine(Duration.ofMillis(300));
    AccountId from = live.openWallet(7);
    TransferFundsCommand command = fundedTransfer(live, from);
    CountDownLatch commit = live.unitOfWork.stallNextCommit();
    live.services.start();
    try {
      assertThatThrownBy(() -> live.services.transfers().transfer(command))
          .isInstanceOf(OutcomeUnknownException.class)
          .hasMessageContaining("same Idempotency-Key");
      commit.countDown();

      PostingReceipt retried = live.services.transfers().transfer(command);

      assertThat(retried.replayed()).isTrue();
      assertThat(live.balance(from)).isEqualTo(960);
    } finally {
      live.services.close();
    }
  }

  @Test
  void aWriterKilledByAnErrorAnswersItsTransfersAndIsReplaced() throws Exception {
    LedgerServicesFixture live = liveEngine(Duration.ofSeconds(30));
    AccountId from = live.openWallet(7);
    TransferFundsCommand command = fundedTransfer(live, from);
    AccountId to = command.toAccountId();
    live.failAfterNextCommit(new StackOverflowError("test: the writer dies after its commit"));
    live.services.start();
    try {
      assertThatThrownBy(() -> live.services.transfers().transfer(command))
          .isInstanceOf(OutcomeUnknownException.class);
      awaitAllWritersAlive(live);

      assertThat(live.services.transfers().transfer(command).replayed()).isTrue();
      assertThat(live.transfer(7, from, to, 60).replayed()).isFalse();
      assertThat(live.balance(from)).isEqualTo(900);
      assertThat(live.services.postingWriters().writers().deaths()).isEqualTo(1);
      assertThat(live.booksBalance()).isTrue();
    } finally {
      live.services.close();
    }
  }

  @Test
  void aTransferQueuedBehindABusyWriterStartsAnotherThatPostsItAndStopsOnceIdle() throws Exception {
    LedgerServicesFixture live =
        new LedgerServicesFixture(
            new GroupCommitSettings(
                64, 2, Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMillis(50)));
    AccountId from = live.openWallet(7);
    TransferFundsCommand first = fundedTransfer(live, from);
    // On wallets of its own: one that shares a wallet with the first waits for it
    // (DisjointBatchesTest).
    AccountId elsewhere = live.openWallet(9);
    TransferFundsCommand second = fundedTransfer(live, elsewhere, 9);
    CountDownLatch database = live.unitOfWork.stallNextStart();
    int runsBefore = live.unitOfWork.runs();
    live.services.start();
    try {
      assertThat(live.services.postingWriters().writers().alive()).isLessThanOrEqualTo(1);
      CompletableFuture<PostingReceipt> stalled =
          CompletableFuture.supplyAsync(() -> live.services.transfers().transfer(first));
      await(() -> live.unitOfWork.runs() > runsBefore, "the first writer took the first transfer");
      // Before any batch was measured a batch is expected to take a millisecond: past that, the
      // stalled batch is overdue, and a transfer queued behind it would wait for it without bound.
      Thread.sleep(20 * CommitTimes.UNMEASURED_NANOS / 1_000_000);

      // The first writer waits on the database; the second transfer does not wait for it.
      PostingReceipt behind = live.services.transfers().transfer(second);

      assertThat(behind.replayed()).isFalse();
      assertThat(stalled).as("still waiting on the database: another writer posted it").isNotDone();
      database.countDown();
      assertThat(stalled.get(30, TimeUnit.SECONDS).replayed()).isFalse();
      assertThat(live.balance(from)).isEqualTo(960);
      assertThat(live.balance(elsewhere)).isEqualTo(960);
      await(
          () -> live.services.postingWriters().writers().alive() == 1,
          "the second writer stopped once idle; the first still runs");
      assertThat(live.services.postingWriters().writers().healthy()).isTrue();
    } finally {
      database.countDown();
      live.services.close();
    }
  }

  /**
   * Withdrawals and holds, and a hold's settlements, are posted by the engine too, each against the
   * balances and rows the requests before it left: concurrent withdrawals and holds from one wallet
   * never spend more than it holds, and of a capture and a void of one hold exactly one wins.
   */
  @Test
  void withdrawalsAndHoldsArePostedByTheEngineAndNeverSpendMoreThanTheWallet() throws Exception {
    // Twenty requests queue for one writer at once: they wait for it, however slow the machine,
    // rather than being shed after the live engine's 100 ms.
    LedgerServicesFixture live = oneWriter(64, Duration.ofSeconds(30), Duration.ofSeconds(30));
    AccountId from = live.openWallet(7);
    AccountId to = live.openWallet(8);
    live.deposit(from, 1_000);
    Caller owner = Caller.user(7);
    Instant expiresAt = live.clock.instant().plus(Duration.ofHours(1));
    live.services.start();
    try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
      List<CompletableFuture<PostingReceipt>> spent =
          IntStream.range(0, 20)
              .mapToObj(i ->
                  CompletableFuture.supplyAsync(
                      () ->
                          i % 2 == 0
                              ? live.services
                                  .withdrawals()
                                  .request(
                                      new RequestWithdrawalCommand(owner, freshKey(), from, 100))
                              : live.services
                                  .holds()
                                  .place(
                                      new PlaceHoldCommand(
                                          owner, freshKey(), from, to, 100, expiresAt)),
                      threads))
              .toList();

      assertThat(spent.stream().filter(r -> failure(r) == null)).hasSize(10);
      assertThat(spent.stream().map(GroupCommitEngineTest::failure).filter(Objects::nonNull))
          .hasSize(10)
          .allSatisfy(e -> assertThat(e).isInstanceOf(InsufficientFundsException.class));
      assertThat(live.balance(from)).isZero();
      List<PostingReceipt> posted =
          spent.stream().filter(r -> failure(r) == null).map(CompletableFuture::join).toList();
      assertThat(live.bank.asked())
          .as("the bank is asked for each withdrawal posted, after its batch")
          .containsExactlyInAnyOrderElementsOf(
              posted.stream()
                  .filter(r -> r.type() == TransactionType.WITHDRAWAL)
                  .map(PostingReceipt::transactionId)
                  .toList());

      TransactionId hold =
          posted.stream()
              .filter(r -> r.type() == TransactionType.HOLD)
              .findFirst()
              .orElseThrow()
              .transactionId();
      CompletableFuture<PostingReceipt> capture =
          CompletableFuture.supplyAsync(
              () ->
                  live.services
                      .holds()
                      .settle(
                          new CaptureHoldCommand(
                              LedgerServicesFixture.OPERATOR, freshKey(), hold, null)),
              threads);
      CompletableFuture<PostingReceipt> release =
          CompletableFuture.supplyAsync(
              () -> live.services.holds().settle(new VoidHoldCommand(owner, freshKey(), hold)),
              threads);

      assertThat(Stream.of(capture, release).filter(r -> failure(r) == null)).hasSize(1);
      assertThat(Stream.of(capture, release).map(GroupCommitEngineTest::failure))
          .filteredOn(Objects::nonNull)
          .singleElement()
          .isInstanceOf(HoldNotPendingException.class);
      assertThat(live.balance(from) + live.balance(to)).isEqualTo(100);
      assertThat(live.batchSizes.stream().mapToInt(Integer::intValue).sum())
          .as("every request went through the engine")
          .isEqualTo(22);
      assertThat(live.booksBalance()).isTrue();
    } finally {
      live.services.close();
    }
  }

  /**
   * A batch of transfers sent in one request is one group in the queue: one posting batch takes all
   * of it, even when it is larger than the engine's batches, and each transfer keeps its own
   * outcome against the balances the ones before it left.
   */
  @Test
  void aGroupOfTransfersIsPostedInOneBatchLargerThanMaxBatchEachWithItsOwnOutcome() {
    LedgerServicesFixture small = oneWriter(4, Duration.ofSeconds(5), Duration.ofSeconds(5));
    AccountId payer = small.openWallet(7);
    AccountId payee = small.openWallet(8);
    small.deposit(payer, 700);
    List<TransferFundsCommand> transfers =
        IntStream.range(0, 10)
            .mapToObj(i -> new TransferFundsCommand(Caller.user(7), freshKey(), payer, payee, 100))
            .toList();
    List<TransferBatchResult> results;
    small.services.start();
    try {
      results =
          small.services.transfers().submit(new TransferBatchCommand(Caller.user(7), transfers));
    } finally {
      small.services.close();
    }

    assertThat(small.batchSizes).containsExactly(10);
    assertThat(results)
        .extracting(TransferBatchResult::key)
        .containsExactlyElementsOf(
            transfers.stream().map(TransferFundsCommand::idempotencyKey).toList());
    assertThat(results.subList(0, 7)).allSatisfy(r -> assertThat(r.receipt()).isNotNull());
    assertThat(results.subList(7, 10))
        .allSatisfy(r -> assertThat(r.refusal()).isInstanceOf(InsufficientFundsException.class));
    assertThat(small.balance(payee)).isEqualTo(700);
  }

  private static DepositFundsCommand deposit(AccountId wallet, long amount, String reference) {
    return new DepositFundsCommand(
        LedgerServicesFixture.OPERATOR,
        freshKey(),
        wallet,
        amount,
        new TransactionDetails(reference, null, Map.of()));
  }

  /** An engine with one writer of its own, to be started by the test. */
  private static LedgerServicesFixture liveEngine(Duration maxResultWait) {
    return oneWriter(64, Duration.ofMillis(100), maxResultWait);
  }

  /** An engine with one writer, to be started by the test (if at all). */
  private static LedgerServicesFixture oneWriter(
      int maxBatch, Duration maxQueueWait, Duration maxResultWait) {
    return new LedgerServicesFixture(
        new GroupCommitSettings(maxBatch, 1, maxQueueWait, maxResultWait, Duration.ofSeconds(1)));
  }

  /** A transfer of 40 from {@code from} of user 7, funded with 1,000, to a new wallet of user 8. */
  private static TransferFundsCommand fundedTransfer(LedgerServicesFixture live, AccountId from) {
    return fundedTransfer(live, from, 7);
  }

  /** A transfer of 40 from {@code from} of the owner, funded with 1,000, to a new wallet. */
  private static TransferFundsCommand fundedTransfer(
      LedgerServicesFixture live, AccountId from, long owner) {
    live.deposit(from, 1_000);
    return new TransferFundsCommand(
        Caller.user(owner), freshKey(), from, live.openWallet(owner + 1), 40);
  }

  /** The replacement writer starts on its own thread; wait (bounded) until it runs. */
  private static void awaitAllWritersAlive(LedgerServicesFixture live) throws InterruptedException {
    await(() -> live.services.postingWriters().writers().healthy(), "the writer was replaced");
  }
}
