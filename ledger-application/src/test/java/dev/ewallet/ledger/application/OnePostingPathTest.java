package dev.ewallet.ledger.application;

import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.RefundExceedsOriginalException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.MultiLeg;
import dev.ewallet.ledger.domain.movement.Refund;
import dev.ewallet.ledger.domain.movement.Reversal;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
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

  private static PostingRequest request(Movement movement) {
    return new PostingRequest(
        LedgerServicesFixture.OPERATOR,
        freshKey(),
        RequestFingerprint.of("TEST", movement.toString()),
        movement);
  }

  @Test
  void refundsAndReversalsPostByGroupCommitToo() {
    batched.services.start();
    JournalTransaction transfer = paid(500);

    batched
        .services
        .reversals()
        .refund(
            new RefundTransactionCommand(
                LedgerServicesFixture.OPERATOR, freshKey(), transfer.id(), 200, null));

    assertThat(batched.batchSizes).isNotEmpty();
    assertThat(batched.balance(alice)).isEqualTo(700);
    assertThat(batched.booksBalance()).isTrue();
  }

  @Test
  void twoRefundsOfOneTransferInOneBatchNeverExceedIt() {
    batched.services.start();
    JournalTransaction transfer = paid(500);

    List<PostingOutcome> outcomes =
        batched
            .services
            .posting()
            .postAll(
                List.of(
                    request(new Refund(transfer, Set.of(), 300, null)),
                    request(new Refund(transfer, Set.of(), 300, null))));

    assertThat(batched.batchSizes).last().isEqualTo(2);
    assertThat(outcomes.get(0)).isInstanceOf(PostingOutcome.Posted.class);
    assertThatThrownBy(outcomes.get(1)::receiptOrThrow)
        .isInstanceOf(RefundExceedsOriginalException.class);
    assertThat(batched.balance(bob)).isEqualTo(200);
  }

  @Test
  void aReversalAndARefundOfOneTransferInOneBatchPostOnlyTheFirst() {
    batched.services.start();
    JournalTransaction transfer = paid(500);

    List<PostingOutcome> outcomes =
        batched
            .services
            .posting()
            .postAll(
                List.of(
                    request(new Reversal(transfer, Set.of(), null)),
                    request(new Refund(transfer, Set.of(), 1, null))));

    assertThat(batched.batchSizes).last().isEqualTo(2);
    assertThat(outcomes.get(0)).isInstanceOf(PostingOutcome.Posted.class);
    assertThatThrownBy(outcomes.get(1)::receiptOrThrow)
        .isInstanceOf(AlreadyReversedException.class);
    assertThat(batched.balance(bob)).isZero();
    assertThat(batched.booksBalance()).isTrue();
  }

  @Test
  void aMultiLegPostingIsCarriedByAGroupCommitBatch() {
    batched.services.start();
    batched.deposit(alice, 90);

    PostingOutcome outcome =
        batched
            .services
            .posting()
            .post(
                request(
                    new MultiLeg(
                        List.of(new MultiLeg.Leg(alice, -90), new MultiLeg.Leg(bob, 90)))));

    assertThat(outcome).isInstanceOf(PostingOutcome.Posted.class);
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
