package dev.ewallet.ledger.application.posting;

import static dev.ewallet.ledger.application.LedgerServicesFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two writers' batches never share an account ({@link DisjointBatches}), driven through the
 * engine's public API: the first writer's batch is held before its unit of work starts, and what is
 * queued meanwhile is posted by the second writer, or waits, by the accounts it names.
 */
class DisjointBatchesTest {

  private final LedgerServicesFixture f =
      new LedgerServicesFixture(
          new GroupCommitSettings(
              64, 2, Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(1)));
  private final AccountId alice = funded(7);
  private final AccountId bob = f.openWallet(8);
  private final AccountId carol = funded(9);
  private final AccountId dan = f.openWallet(10);
  private final AccountId erin = funded(11);
  private final AccountId frank = f.openWallet(12);
  private CountDownLatch database;
  private CompletableFuture<PostingReceipt> held;

  private AccountId funded(long owner) {
    AccountId wallet = f.openWallet(owner);
    f.deposit(wallet, 1_000);
    return wallet;
  }

  /**
   * Alice's transfer of 40 to Bob is in flight and waits on the database, long enough that what is
   * queued behind it starts the second writer.
   */
  @BeforeEach
  void holdAlicesTransfer() throws InterruptedException {
    database = f.unitOfWork.stallNextStart();
    int runsBefore = f.unitOfWork.runs();
    f.services.start();
    held = CompletableFuture.supplyAsync(() -> f.transfer(7, alice, bob, 40));
    await(() -> f.unitOfWork.runs() > runsBefore, "the first writer took Alice's transfer");
    // Before any batch was measured a batch is expected to take a millisecond: past that, the held
    // batch is overdue, and a posting queued behind it starts another writer.
    Thread.sleep(20 * CommitTimes.UNMEASURED_NANOS / 1_000_000);
  }

  @AfterEach
  void stop() {
    database.countDown();
    f.services.close();
  }

  /** Queues the transfer on a caller's thread of its own; returns once it waits in the queue. */
  private CompletableFuture<PostingReceipt> queued(
      long owner, AccountId from, AccountId to, long amount) throws InterruptedException {
    int waiting = f.services.postingWriters().writers().waiting();
    CompletableFuture<PostingReceipt> result =
        CompletableFuture.supplyAsync(() -> f.transfer(owner, from, to, amount));
    await(
        () -> f.services.postingWriters().writers().waiting() > waiting,
        "the transfer waits in the queue");
    return result;
  }

  /** The balance the transaction's entry on the account left. */
  private long balanceAfter(TransactionId transaction, AccountId account) {
    return f.ledger.journal().findById(transaction).orElseThrow().entries().stream()
        .filter(entry -> entry.accountId().equals(account))
        .findFirst()
        .orElseThrow()
        .balanceAfter()
        .amountMinor();
  }

  @Test
  void aTransferThatSharesAWalletWithTheBatchInFlightWaitsWhileTheOtherWriterPostsTheRest()
      throws Exception {
    CompletableFuture<PostingReceipt> alicesSecond = queued(7, alice, bob, 25);

    PostingReceipt carols = f.transfer(9, carol, dan, 30);

    assertThat(carols.replayed()).isFalse();
    assertThat(held).as("still waiting on the database").isNotDone();
    assertThat(alicesSecond).as("it shares Alice's wallet with the batch in flight").isNotDone();
    database.countDown();
    TransactionId first = held.get(30, TimeUnit.SECONDS).transactionId();
    TransactionId second = alicesSecond.get(30, TimeUnit.SECONDS).transactionId();
    assertThat(f.batchSizes).containsExactly(1, 1, 1);
    assertThat(balanceAfter(first, alice)).isEqualTo(960);
    assertThat(balanceAfter(second, alice)).isEqualTo(935);
    assertThat(f.balance(bob)).isEqualTo(65);
    assertThat(f.balance(dan)).isEqualTo(30);
    assertThat(f.booksBalance()).isTrue();
  }

  /**
   * Carol's payment to Alice waits for Alice's batch; Carol's later payment to Dan shares no
   * account with that batch, but Carol's wallet with her earlier payment, and so waits behind it:
   * nothing overtakes a waiting transfer on an account it needs. Erin's payment shares nothing.
   */
  @Test
  void aTransferLeftWaitingIsNotOvertakenOnAnAccountItNeeds() throws Exception {
    CompletableFuture<PostingReceipt> carolToAlice = queued(9, carol, alice, 10);
    CompletableFuture<PostingReceipt> carolToDan = queued(9, carol, dan, 30);

    PostingReceipt erins = f.transfer(11, erin, frank, 5);

    assertThat(erins.replayed()).isFalse();
    assertThat(carolToAlice).as("it shares Alice's wallet with the batch in flight").isNotDone();
    assertThat(carolToDan).as("it shares Carol's wallet with her earlier transfer").isNotDone();
    database.countDown();
    held.get(30, TimeUnit.SECONDS);
    TransactionId first = carolToAlice.get(30, TimeUnit.SECONDS).transactionId();
    TransactionId second = carolToDan.get(30, TimeUnit.SECONDS).transactionId();
    assertThat(balanceAfter(first, carol)).isEqualTo(990);
    assertThat(balanceAfter(second, carol)).isEqualTo(960);
    assertThat(f.balance(alice)).isEqualTo(970);
    assertThat(f.balance(frank)).isEqualTo(5);
    assertThat(f.booksBalance()).isTrue();
  }
}
