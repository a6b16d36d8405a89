package dev.ewallet.ledger.application.posting;

import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.RefundExceedsOriginalException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.port.in.PostLegsCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every movement through the one switch (the posting mode) and the one retry loop: reversals,
 * refunds and multi-leg postings by group commit, two undos of one transfer in one batch, and
 * transient conflicts retried, then refused as overloaded.
 */
class OnePostingPathTest {

  private final LedgerServicesFixture batched =
      new LedgerServicesFixture(
          new GroupCommitSettings(
              64, 1, Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(1)));
  private final AccountId alice = batched.openWallet(7);
  private final AccountId bob = batched.openWallet(8);

  @AfterEach
  void stop() {
    batched.services.close();
  }

  private JournalTransaction paid(long amount) {
    batched.deposit(alice, 1_000);
    PostingReceipt receipt = batched.transfer(7, alice, bob, amount);
    return batched
        .ledger
        .journal()
        .findById(receipt.transactionId())
        .orElseThrow()
        .journalTransaction();
  }

  private PostingReceipt refund(JournalTransaction transfer, long amount) {
    return batched
        .services
        .reversals()
        .refund(
            new RefundTransactionCommand(
                LedgerServicesFixture.OPERATOR, freshKey(), transfer.id(), amount, null));
  }

  private PostingReceipt reverse(JournalTransaction transfer) {
    return batched
        .services
        .reversals()
        .reverse(
            new ReverseTransactionCommand(
                LedgerServicesFixture.OPERATOR, freshKey(), transfer.id(), null));
  }

  @Test
  void refundsAndReversalsPostByGroupCommitToo() {
    batched.services.start();
    JournalTransaction refunded = paid(500);
    JournalTransaction reversed = paid(100);
    int batchesBefore = batched.batchSizes.size();

    refund(refunded, 200);
    reverse(reversed);

    assertThat(batched.batchSizes).hasSize(batchesBefore + 2);
    assertThat(batched.balance(alice)).isEqualTo(2_000 - 500 + 200);
    assertThat(batched.booksBalance()).isTrue();
  }

  @Test
  void twoRefundsOfOneTransferInOneBatchNeverExceedIt() throws Exception {
    batched.services.start();
    JournalTransaction transfer = paid(500);
    LedgerServicesFixture.HeldWriter writer = batched.holdTheWriter();
    CompletableFuture<PostingReceipt> first = writer.queue(() -> refund(transfer, 300));
    CompletableFuture<PostingReceipt> second = writer.queue(() -> refund(transfer, 300));

    writer.release();

    assertThat(first.join().replayed()).isFalse();
    assertThatThrownBy(second::join).hasCauseInstanceOf(RefundExceedsOriginalException.class);
    assertThat(batched.batchSizes).last().isEqualTo(2);
    assertThat(batched.balance(bob)).isEqualTo(200);
  }

  @Test
  void aReversalAndARefundOfOneTransferInOneBatchPostOnlyTheFirst() throws Exception {
    batched.services.start();
    JournalTransaction transfer = paid(500);
    LedgerServicesFixture.HeldWriter writer = batched.holdTheWriter();
    CompletableFuture<PostingReceipt> reversal = writer.queue(() -> reverse(transfer));
    CompletableFuture<PostingReceipt> refund = writer.queue(() -> refund(transfer, 1));

    writer.release();

    assertThat(reversal.join().replayed()).isFalse();
    assertThatThrownBy(refund::join).hasCauseInstanceOf(AlreadyReversedException.class);
    assertThat(batched.batchSizes).last().isEqualTo(2);
    assertThat(batched.balance(bob)).isZero();
    assertThat(batched.booksBalance()).isTrue();
  }

  @Test
  void aMultiLegPostingIsCarriedByAGroupCommitBatch() {
    batched.services.start();
    batched.deposit(alice, 90);
    int batchesBefore = batched.batchSizes.size();

    batched
        .services
        .postings()
        .post(
            new PostLegsCommand(
                LedgerServicesFixture.OPERATOR,
                freshKey(),
                List.of(new PostLegsCommand.Leg(alice, -90), new PostLegsCommand.Leg(bob, 90)),
                TransactionDetails.NONE));

    assertThat(batched.batchSizes).hasSize(batchesBefore + 1);
    assertThat(batched.balance(bob)).isEqualTo(90);
  }

  @Test
  void aTransientConflictRunsTheSameWorkAgainAndPostsOnce() {
    LedgerServicesFixture f = new LedgerServicesFixture();
    AccountId from = f.openWallet(7);
    AccountId to = f.openWallet(8);
    f.deposit(from, 100);
    int before = f.unitOfWork.runs();
    f.unitOfWork.failNext(new TransientConflictException("deadlock detected", null), 2);

    f.transfer(7, from, to, 60);

    assertThat(f.unitOfWork.runs() - before).isEqualTo(Attempts.MAX);
    assertThat(f.balance(to)).isEqualTo(60);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aConflictOnEveryAttemptIsRefusedAsOverloadedAndPostsNothing() {
    LedgerServicesFixture f = new LedgerServicesFixture();
    AccountId from = f.openWallet(7);
    AccountId to = f.openWallet(8);
    f.deposit(from, 100);
    int before = f.unitOfWork.runs();
    f.unitOfWork.failNext(new TransientConflictException("deadlock detected", null), Attempts.MAX);

    assertThatThrownBy(() -> f.transfer(7, from, to, 60))
        .isInstanceOf(OverloadedException.class)
        .hasMessageContaining("conflicted with concurrent work 3 times");
    assertThat(f.unitOfWork.runs() - before).isEqualTo(Attempts.MAX);
    assertThat(f.balance(to)).isZero();
  }
}
