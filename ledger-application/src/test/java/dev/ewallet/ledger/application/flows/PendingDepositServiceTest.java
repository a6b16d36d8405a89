package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotPendingException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.FailDepositCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.SettleDepositCommand;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pending deposits over the in-memory ledger: announced without posting, settled once through the
 * posting path, failed once, each under its idempotency key.
 */
class PendingDepositServiceTest {

  private static final Caller OPERATOR = LedgerServicesFixture.OPERATOR;
  private static final Caller ALICE = Caller.user(7);

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7);
  private final PendingDepositService pending = f.services.pendingDeposits();

  private DepositFundsCommand announcement(IdempotencyKey key, long amount, String reference) {
    return new DepositFundsCommand(
        OPERATOR, key, alice, amount, new TransactionDetails(reference, "top-up", Map.of()));
  }

  private PendingDeposit announce(long amount, String reference) {
    return pending.announce(announcement(freshKey(), amount, reference)).deposit();
  }

  @Test
  void anAnnouncedDepositPostsNothingUntilItSettlesOnce() {
    PendingDeposit announced = announce(40_000, "BANK-1");

    assertThat(announced.status()).isEqualTo(PendingDepositStatus.PENDING);
    assertThat(f.balance(alice)).isZero();

    IdempotencyKey key = freshKey();
    PostingReceipt settled =
        pending.settle(new SettleDepositCommand(OPERATOR, key, announced.id()));
    PostingReceipt replayed =
        pending.settle(new SettleDepositCommand(OPERATOR, key, announced.id()));

    assertThat(replayed.transactionId()).isEqualTo(settled.transactionId());
    assertThat(f.balance(alice)).isEqualTo(40_000);
    PendingDeposit after = pending.get(ALICE, announced.id());
    assertThat(after.status()).isEqualTo(PendingDepositStatus.SETTLED);
    assertThat(after.settledBy()).isEqualTo(settled.transactionId());
    PostedTransaction transaction =
        f.services.transactions().get(OPERATOR, settled.transactionId()).transaction();
    assertThat(transaction.type()).isEqualTo(TransactionType.DEPOSIT);
    assertThat(transaction.details().reference()).isEqualTo("BANK-1");
    assertThatThrownBy(
            () -> pending.settle(new SettleDepositCommand(OPERATOR, freshKey(), announced.id())))
        .isInstanceOf(PendingDepositNotPendingException.class)
        .hasMessageContaining("SETTLED");
    assertThatThrownBy(() ->
            pending.fail(new FailDepositCommand(OPERATOR, freshKey(), announced.id(), "late")))
        .isInstanceOf(PendingDepositNotPendingException.class);
  }

  @Test
  void aFailedDepositPostsNothingAndItsKeyReplaysTheFailure() {
    PendingDeposit announced = announce(40_000, null);
    IdempotencyKey key = freshKey();

    PendingDeposit failed =
        pending.fail(
            new FailDepositCommand(OPERATOR, key, announced.id(), "the payer's bank recalled it"));

    assertThat(failed.status()).isEqualTo(PendingDepositStatus.FAILED);
    assertThat(failed.failureReason()).isEqualTo("the payer's bank recalled it");
    assertThat(pending.fail(new FailDepositCommand(OPERATOR, key, announced.id(), "again")))
        .isEqualTo(failed);
    assertThatThrownBy(() ->
            pending.fail(new FailDepositCommand(OPERATOR, freshKey(), announced.id(), "again")))
        .isInstanceOf(PendingDepositNotPendingException.class);
    assertThatThrownBy(
            () -> pending.settle(new SettleDepositCommand(OPERATOR, freshKey(), announced.id())))
        .isInstanceOf(PendingDepositNotPendingException.class)
        .hasMessageContaining("FAILED");
    assertThat(f.balance(alice)).isZero();
  }

  @Test
  void anAnnouncementReplaysUnderItsKeyAndRefusesTheKeyForAnotherRequest() {
    IdempotencyKey key = freshKey();
    AnnouncedDeposit first = pending.announce(announcement(key, 40_000, "BANK-2"));
    AnnouncedDeposit again = pending.announce(announcement(key, 40_000, "BANK-2"));

    assertThat(first.replayed()).isFalse();
    assertThat(again.replayed()).isTrue();
    assertThat(again.deposit()).isEqualTo(first.deposit());
    assertThatThrownBy(() -> pending.announce(announcement(key, 40_001, "BANK-2")))
        .isInstanceOf(IdempotencyKeyReusedException.class);
  }

  @Test
  void aKeyServesOneDepositWhetherPostedOrPending() {
    IdempotencyKey posted = freshKey();
    f.services.deposits().deposit(announcement(posted, 10_000, null));
    IdempotencyKey announced = freshKey();
    pending.announce(announcement(announced, 20_000, null));

    assertThatThrownBy(() -> pending.announce(announcement(posted, 10_000, null)))
        .isInstanceOf(IdempotencyKeyReusedException.class);
    assertThatThrownBy(() -> f.services.deposits().deposit(announcement(announced, 20_000, null)))
        .isInstanceOf(IdempotencyKeyReusedException.class);
    assertThat(f.balance(alice)).isEqualTo(10_000);
    assertThat(f.services.deposits().deposit(announcement(posted, 10_000, null)).replayed())
        .isTrue();
  }

  @Test
  void aReferenceWaitsOnceAmongTheCurrencysPendingDeposits() {
    PendingDeposit first = announce(40_000, "BANK-3");

    assertThatThrownBy(() -> announce(10_000, "BANK-3"))
        .isInstanceOf(DuplicateReferenceException.class)
        .hasMessageContaining("pending deposit");

    pending.fail(new FailDepositCommand(OPERATOR, freshKey(), first.id(), "never came"));
    PendingDeposit second = announce(10_000, "BANK-3");
    assertThat(second.status()).isEqualTo(PendingDepositStatus.PENDING);

    pending.settle(new SettleDepositCommand(OPERATOR, freshKey(), second.id()));
    assertThatThrownBy(() -> announce(10_000, "BANK-3"))
        .isInstanceOf(DuplicateReferenceException.class)
        .hasMessageContaining("already posted");
  }

  @Test
  void onlyOperatorsAnnounceSettleAndFailAndOnlyTheOwnerOrAnOperatorReads() {
    PendingDeposit announced = announce(40_000, null);

    assertThatThrownBy(() -> pending.announce(new DepositFundsCommand(ALICE, freshKey(), alice, 1)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(
            () -> pending.settle(new SettleDepositCommand(ALICE, freshKey(), announced.id())))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(
            () -> pending.fail(new FailDepositCommand(ALICE, freshKey(), announced.id(), null)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> pending.get(Caller.user(8), announced.id()))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> pending.get(OPERATOR, TransactionId.random()))
        .isInstanceOf(PendingDepositNotFoundException.class);
  }
}
