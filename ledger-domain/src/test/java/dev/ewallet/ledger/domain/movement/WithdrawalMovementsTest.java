package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotPendingException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import org.junit.jupiter.api.Test;

class WithdrawalMovementsTest {

  private static final AccountId WALLET = AccountId.of(1);
  private static final AccountId HOLD = AccountId.of(2);
  private static final AccountId PAYOUT = AccountId.of(3);

  private final Rows rows =
      new Rows()
          .with(
              account(1, AccountKind.USER, 1_000),
              account(2, AccountKind.HOLD, 400),
              account(3, AccountKind.PAYOUT_CLEARING, 0));

  private final Withdrawal pending =
      Withdrawal.requested(TransactionId.random(), WALLET, vnd(400), AT.minusSeconds(60));

  @Test
  void aRequestMovesTheAmountToTheHoldAccountAndOpensAPendingWithdrawal() {
    TransactionId id = TransactionId.random();

    PostingPlan plan =
        new WithdrawalRequest(Caller.user(1), WALLET, HOLD, 300, null)
            .plan(rows, PostingRules.DEFAULT, id, AT);

    assertThat(plan.transaction().postings())
        .containsExactly(posting(1, vnd(-300)), posting(2, vnd(300)));
    assertThat(plan.rowChanges())
        .containsExactly(
            new RowChange.WithdrawalRequested(Withdrawal.requested(id, WALLET, vnd(300), AT)));
  }

  @Test
  void onlyTheOwnerWithdrawsEvenAnOperatorMayNot() {
    assertThatThrownBy(() ->
            new WithdrawalRequest(Caller.operator(9), WALLET, HOLD, 1, null)
                .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void completionPaysTheHeldAmountToPayoutClearing() {
    rows.with(pending);
    TransactionId id = TransactionId.random();
    WithdrawalCompletion completion = new WithdrawalCompletion(pending, HOLD, PAYOUT);

    PostingPlan plan = completion.plan(rows, PostingRules.DEFAULT, id, AT);

    assertThat(completion.settles()).isEqualTo(new SettledRow.WithdrawalRow(pending.id()));
    assertThat(completion.accountsToLock()).containsExactly(WALLET, HOLD, PAYOUT);
    assertThat(plan.transaction().type()).isEqualTo(TransactionType.WITHDRAWAL_COMPLETION);
    assertThat(plan.transaction().postings())
        .containsExactly(posting(2, vnd(-400)), posting(3, vnd(400)));
    assertThat(plan.rowChanges())
        .containsExactly(new RowChange.WithdrawalSettled(pending.complete(id, AT)));
  }

  @Test
  void failureGivesTheHeldAmountBackWithTheBanksReason() {
    rows.with(pending);
    TransactionId id = TransactionId.random();
    WithdrawalFailure failure = new WithdrawalFailure(pending, HOLD, "account closed");

    PostingPlan plan = failure.plan(rows, PostingRules.DEFAULT, id, AT);

    assertThat(failure.accountsToLock()).containsExactly(WALLET, HOLD);
    assertThat(failure.reason()).isEqualTo("account closed");
    assertThat(plan.transaction().postings())
        .containsExactly(posting(2, vnd(-400)), posting(1, vnd(400)));
    Withdrawal failed = ((RowChange.WithdrawalSettled) plan.rowChanges().getFirst()).withdrawal();
    assertThat(failed.status()).isEqualTo(WithdrawalStatus.FAILED);
    assertThat(failed.failureReason()).isEqualTo("account closed");
  }

  @Test
  void aWithdrawalSettlesOnceJudgedOnTheLockedRow() {
    rows.with(pending.complete(TransactionId.random(), AT));

    assertThatThrownBy(() ->
            new WithdrawalFailure(pending, HOLD, null)
                .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT))
        .isInstanceOf(WithdrawalNotPendingException.class)
        .hasMessageContaining("COMPLETED");
    assertThatThrownBy(() ->
            new WithdrawalCompletion(
                    Withdrawal.requested(TransactionId.random(), WALLET, vnd(1), AT), HOLD, PAYOUT)
                .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT))
        .isInstanceOf(WithdrawalNotFoundException.class);
  }
}
