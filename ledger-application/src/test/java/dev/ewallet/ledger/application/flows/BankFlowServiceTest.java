package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.WithdrawalNotPendingException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsCommand;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutsCommand;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BankFlowServiceTest {

  private static final Caller ALICE = Caller.user(7);
  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7);
  private final AccountId shop = f.openWallet(9);

  private TransactionId withdraw(long amount) {
    return f.services
        .withdrawals()
        .request(new RequestWithdrawalCommand(ALICE, freshKey(), alice, amount))
        .transactionId();
  }

  private void settle(TransactionId withdrawal, boolean completed) {
    f.services
        .withdrawals()
        .settle(
            completed
                ? new CompleteWithdrawalCommand(
                    LedgerServicesFixture.OPERATOR, freshKey(), withdrawal)
                : new FailWithdrawalCommand(
                    LedgerServicesFixture.OPERATOR, freshKey(), withdrawal, "account closed"));
  }

  private TransactionId hold(long amount, Instant expiresAt) {
    return f.services
        .holds()
        .place(new PlaceHoldCommand(ALICE, freshKey(), alice, shop, amount, expiresAt))
        .transactionId();
  }

  private long balanceOf(AccountKind kind) {
    return f.balance(f.ledger.accounts().systemAccount(kind, VND));
  }

  private long held() {
    return f.services.accounts().get(ALICE, alice).heldAmount().amountMinor();
  }

  @Test
  void aBankPayingByFilesRefusesAWithdrawalWithoutAPayeeAndKeepsTheOneItNames() {
    f.deposit(alice, 10_000);
    f.bank.needsPayee(true);

    assertThatThrownBy(() -> withdraw(1_000))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("payee is required");
    BankParty payee =
        new BankParty("Alice", BankAccountNumber.iban("GB82WEST12345698765432"), "WESTGB22");
    TransactionId id =
        f.services
            .withdrawals()
            .request(new RequestWithdrawalCommand(ALICE, freshKey(), alice, 1_000, payee))
            .transactionId();

    assertThat(f.ledger.bankFlows().findWithdrawal(id).orElseThrow().payee()).isEqualTo(payee);
    assertThat(f.balance(alice)).isEqualTo(9_000);
  }

  @Test
  void theSameKeyWithAnotherPayeeIsAnotherRequest() {
    f.deposit(alice, 10_000);
    var key = freshKey();
    BankParty payee = new BankParty("Alice", BankAccountNumber.local("0071"), null);
    f.services.withdrawals().request(new RequestWithdrawalCommand(ALICE, key, alice, 1_000, payee));

    assertThatThrownBy(() ->
            f.services
                .withdrawals()
                .request(
                    new RequestWithdrawalCommand(
                        ALICE,
                        key,
                        alice,
                        1_000,
                        new BankParty("Mallory", BankAccountNumber.local("0072"), null))))
        .isInstanceOf(IdempotencyKeyReusedException.class);
  }

  @Test
  void aWithdrawalMovesToTheHoldAsksTheBankThenCompletesOnce() {
    f.deposit(alice, 10_000);

    TransactionId id = withdraw(4_000);

    assertThat(f.balance(alice)).isEqualTo(6_000);
    assertThat(balanceOf(AccountKind.HOLD)).isEqualTo(4_000);
    assertThat(held()).isEqualTo(4_000);
    assertThat(f.bank.asked()).containsExactly(id);
    settle(id, true);
    assertThat(f.services.withdrawals().get(ALICE, id).status())
        .isEqualTo(WithdrawalStatus.COMPLETED);
    assertThat(balanceOf(AccountKind.PAYOUT_CLEARING)).isEqualTo(4_000);
    assertThat(held()).isZero();
    assertThatThrownBy(() -> settle(id, false))
        .isInstanceOf(WithdrawalNotPendingException.class)
        .hasMessageContaining("is COMPLETED");
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void operatorsPageThroughThePendingWithdrawalsOldestFirst() {
    f.deposit(alice, 10_000);
    TransactionId completed = withdraw(1_000);
    TransactionId second = withdraw(2_000);
    TransactionId third = withdraw(3_000);
    settle(completed, true);

    List<Withdrawal> first =
        f.services.withdrawals().pending(LedgerServicesFixture.OPERATOR, null, 1);
    List<Withdrawal> next =
        f.services
            .withdrawals()
            .pending(LedgerServicesFixture.OPERATOR, PendingPosition.of(first.getLast()), 10);

    // Requested at one instant of the fixture's clock or not, they come in (time, id) order.
    List<TransactionId> oldestFirst =
        Stream.of(second, third)
            .map(id -> f.services.withdrawals().get(ALICE, id))
            .sorted(Comparator.comparing(PendingPosition::of))
            .map(Withdrawal::id)
            .toList();
    assertThat(first).extracting(Withdrawal::id).containsExactly(oldestFirst.get(0));
    assertThat(next).extracting(Withdrawal::id).containsExactly(oldestFirst.get(1));
    assertThatThrownBy(() -> f.services.withdrawals().pending(ALICE, null, 10))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(
            () -> f.services.withdrawals().pending(LedgerServicesFixture.OPERATOR, null, 101))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void aFailedWithdrawalReturnsTheFundsOnce() {
    f.deposit(alice, 10_000);
    TransactionId id = withdraw(4_000);

    settle(id, false);

    assertThat(f.balance(alice)).isEqualTo(10_000);
    assertThat(f.services.withdrawals().get(ALICE, id).failureReason()).isEqualTo("account closed");
    assertThatThrownBy(() -> settle(id, true)).isInstanceOf(WithdrawalNotPendingException.class);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void anUnreachableBankLeavesTheWithdrawalPendingAndOnlyOwnersWithdraw() {
    f.deposit(alice, 10_000);
    f.bank.unreachable(true);

    TransactionId id = withdraw(1_000);

    assertThat(f.services.withdrawals().get(ALICE, id).status())
        .isEqualTo(WithdrawalStatus.PENDING);
    assertThatThrownBy(() ->
            f.services
                .withdrawals()
                .request(new RequestWithdrawalCommand(Caller.user(9), freshKey(), alice, 1)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> withdraw(9_001)).isInstanceOf(InsufficientFundsException.class);
    assertThatThrownBy(() -> f.services.withdrawals().get(Caller.user(9), id))
        .isInstanceOf(AccessDeniedException.class);
  }

  /**
   * The database failing after the withdrawal's commit, while the bank's answer is noted, or the
   * bank being unreachable, does not fail the request: it has posted. The withdrawal is left
   * unnoted, and the payout job asks the bank again. The bank is asked with the withdrawal as the
   * posting committed it, never read back.
   */
  @Test
  void aDatabaseFaultAfterTheCommitAnswersThePostedWithdrawalAndLeavesItToThePayoutJob() {
    f.deposit(alice, 10_000);
    f.failNextWithdrawalCall(
        "markPayoutRequested", new OverloadedException("the database did not answer in time"));
    f.failNextWithdrawalCall(
        "findWithdrawal", new OutcomeUnknownException("the database connection was lost"));
    TransactionId asked = withdraw(1_000);
    f.bank.unreachable(true);
    TransactionId unasked = withdraw(2_000);
    f.bank.unreachable(false);

    assertThat(f.balance(alice)).isEqualTo(7_000);
    assertThat(f.bank.asked()).containsExactly(asked);
    f.clock.advance(Duration.ofMinutes(1));

    assertThat(
            f.services.withdrawals().resend(new ResendPayoutsCommand(Duration.ofSeconds(30), 10)))
        .isEqualTo(2);
    assertThat(f.bank.asked()).containsExactlyInAnyOrder(asked, asked, unasked);
    assertThat(
            f.services.withdrawals().resend(new ResendPayoutsCommand(Duration.ofSeconds(30), 10)))
        .as("both are noted now")
        .isZero();
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aPartialCaptureReleasesTheRest() {
    f.deposit(alice, 10_000);
    TransactionId id = hold(5_000, Instant.parse("2026-12-01T10:00:00Z"));
    assertThat(held()).isEqualTo(5_000);

    f.services
        .holds()
        .settle(new CaptureHoldCommand(LedgerServicesFixture.OPERATOR, freshKey(), id, 3_000L));

    assertThat(f.balance(shop)).isEqualTo(3_000);
    assertThat(f.balance(alice)).isEqualTo(7_000);
    assertThat(balanceOf(AccountKind.HOLD)).isZero();
    assertThat(f.services.holds().get(ALICE, id).status()).isEqualTo(HoldStatus.CAPTURED);
    assertThatThrownBy(() -> f.services.holds().settle(new VoidHoldCommand(ALICE, freshKey(), id)))
        .isInstanceOf(HoldNotPendingException.class)
        .hasMessageContaining("is CAPTURED");
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void operatorsSeeTheHoldsAboutToExpireSoonestFirstWithinADayByDefault() {
    f.deposit(alice, 10_000);
    TransactionId inTwoHours = hold(1_000, Instant.parse("2026-11-30T12:00:00Z"));
    TransactionId inAnHour = hold(1_000, Instant.parse("2026-11-30T11:00:00Z"));
    hold(1_000, Instant.parse("2026-12-02T10:00:00Z"));
    var operator = LedgerServicesFixture.OPERATOR;

    List<TransactionId> withinADay =
        f.services.holds().expiring(operator, null, null, 10).stream().map(Hold::id).toList();
    List<Hold> first = f.services.holds().expiring(operator, null, null, 1);
    List<Hold> next =
        f.services.holds().expiring(operator, null, PendingPosition.of(first.getFirst()), 10);

    assertThat(withinADay).containsExactly(inAnHour, inTwoHours);
    assertThat(next).extracting(Hold::id).containsExactly(inTwoHours);
    assertThat(
            f.services.holds().expiring(operator, Instant.parse("2026-12-03T00:00:00Z"), null, 10))
        .hasSize(3);
    assertThatThrownBy(() -> f.services.holds().expiring(ALICE, null, null, 10))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void holdsExpireExactlyOnceAndCannotBeCapturedAfterExpiry() {
    f.deposit(alice, 10_000);
    TransactionId expiring = hold(2_000, Instant.parse("2026-11-30T11:00:00Z"));
    TransactionId later = hold(1_000, Instant.parse("2026-12-05T11:00:00Z"));
    f.clock.advance(Duration.ofHours(2));

    assertThatThrownBy(() ->
            f.services
                .holds()
                .settle(
                    new CaptureHoldCommand(
                        LedgerServicesFixture.OPERATOR, freshKey(), expiring, null)))
        .isInstanceOf(HoldNotPendingException.class)
        .hasMessageContaining("EXPIRED");
    assertThat(f.services.holds().expire(new ExpireHoldsCommand(10))).isEqualTo(1);
    assertThat(f.services.holds().expire(new ExpireHoldsCommand(10))).isZero();

    assertThat(f.services.holds().get(ALICE, expiring).status()).isEqualTo(HoldStatus.EXPIRED);
    assertThat(f.services.holds().get(ALICE, later).status()).isEqualTo(HoldStatus.PENDING);
    assertThat(f.balance(alice)).isEqualTo(9_000);
    assertThat(f.booksBalance()).isTrue();
  }

  /** Holds expiring together are released a posting batch at a time, not one by one. */
  @Test
  void expiredHoldsAreReleasedAHundredPerPostingBatch() {
    f.deposit(alice, 10_000);
    List<TransactionId> holds =
        IntStream.range(0, 150)
            .mapToObj(i -> hold(10, Instant.parse("2026-11-30T11:00:00Z")))
            .toList();
    f.clock.advance(Duration.ofHours(2));
    int runsBefore = f.unitOfWork.runs();

    assertThat(f.services.holds().expire(new ExpireHoldsCommand(500))).isEqualTo(150);

    assertThat(f.unitOfWork.runs() - runsBefore).as("batches of 100 and 50").isEqualTo(2);
    assertThat(holds)
        .allSatisfy(id ->
            assertThat(f.services.holds().get(ALICE, id).status()).isEqualTo(HoldStatus.EXPIRED));
    assertThat(f.balance(alice)).isEqualTo(10_000);
    assertThat(held()).isZero();
    assertThat(f.services.holds().expire(new ExpireHoldsCommand(500))).isZero();
    assertThat(f.booksBalance()).isTrue();
  }

  /**
   * A hold its owner voids after the expiry job found it, while the job's batch waits for the
   * database, ends once: the job leaves it alone and releases the rest.
   */
  @Test
  void aHoldEndedWhileItsExpiryBatchWaitsIsLeftAloneAndTheOthersAreReleased() throws Exception {
    f.deposit(alice, 10_000);
    TransactionId voided = hold(2_000, Instant.parse("2026-11-30T11:00:00Z"));
    TransactionId expired = hold(1_000, Instant.parse("2026-11-30T11:00:00Z"));
    f.clock.advance(Duration.ofHours(2));
    int runsBefore = f.unitOfWork.runs();
    CountDownLatch database = f.unitOfWork.stallNextStart();

    try (var thread = Executors.newVirtualThreadPerTaskExecutor()) {
      Future<Integer> expiry =
          thread.submit(() -> f.services.holds().expire(new ExpireHoldsCommand(10)));
      for (int i = 0; i < 1_000 && f.unitOfWork.runs() == runsBefore; i++) {
        Thread.sleep(10);
      }
      assertThat(f.unitOfWork.runs())
          .as("the job's batch waits for the database")
          .isGreaterThan(runsBefore);
      f.services.holds().settle(new VoidHoldCommand(ALICE, freshKey(), voided));
      database.countDown();

      assertThat(expiry.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    }
    assertThat(f.services.holds().get(ALICE, voided).status()).isEqualTo(HoldStatus.EXPIRED);
    assertThat(f.services.holds().get(ALICE, expired).status()).isEqualTo(HoldStatus.EXPIRED);
    assertThat(f.balance(alice)).isEqualTo(10_000);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aVoidBeforeExpiryEndsVoidedAndHoldsAreValidated() {
    f.deposit(alice, 10_000);
    TransactionId id = hold(2_000, Instant.parse("2026-12-01T10:00:00Z"));

    f.services.holds().settle(new VoidHoldCommand(ALICE, freshKey(), id));

    assertThat(f.services.holds().get(ALICE, id).status()).isEqualTo(HoldStatus.VOIDED);
    assertThat(f.balance(alice)).isEqualTo(10_000);
    assertThatThrownBy(() -> hold(1, Instant.parse("2026-11-30T09:00:00Z")))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> hold(20_000, Instant.parse("2026-12-01T10:00:00Z")))
        .isInstanceOf(InsufficientFundsException.class);
    assertThatThrownBy(
            () -> f.services.holds().settle(new CaptureHoldCommand(ALICE, freshKey(), id, null)))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void reconciliationProvesTheHoldAccountEqualsWhatIsPending() {
    f.deposit(alice, 10_000);
    withdraw(1_000);
    hold(2_000, Instant.parse("2026-12-01T10:00:00Z"));
    assertThat(f.booksBalance()).isTrue();

    f.ledger
        .accounts()
        .corruptBalance(f.ledger.accounts().systemAccount(AccountKind.HOLD, VND), 2_999);

    assertThat(f.services.reconciliation().reconcile(LedgerServicesFixture.OPERATOR).mismatches())
        .extracting(m -> m.kind().name())
        .contains("HOLD_BALANCE_NOT_PENDING_SUM");
  }
}
