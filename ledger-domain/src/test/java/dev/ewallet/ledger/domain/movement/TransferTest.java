package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.VND;
import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeRule;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import dev.ewallet.ledger.domain.movement.Transfer.Payer;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransferTest {

  private static final AccountId ALICE = AccountId.of(1);
  private static final AccountId BOB = AccountId.of(2);
  private static final AccountId FEES = AccountId.of(3);
  private static final AccountId MERCHANT = AccountId.of(4);
  private static final AccountId SHARD = AccountId.of(401);

  private final Rows rows =
      new Rows()
          .with(
              account(1, AccountKind.USER, 1_000),
              account(2, AccountKind.USER, 0),
              account(3, AccountKind.FEE_REVENUE, 0),
              account(4, AccountKind.MERCHANT, 0),
              account(401, AccountKind.MERCHANT_SHARD, 0));

  private static Transfer transfer(Caller caller, AccountId to, long amount) {
    return new Transfer(caller, Payer.OWNER, ALICE, to, to, null, amount);
  }

  private static PostingPlan plan(Movement movement, Rows rows, PostingRules rules) {
    return movement.plan(rows, rules, TransactionId.random(), AT);
  }

  @Test
  void theOwnerPaysThePayeeInOneBalancedTransaction() {
    PostingPlan plan = plan(transfer(Caller.user(1), BOB, 300), rows, PostingRules.DEFAULT);

    assertThat(plan.transaction().type()).isEqualTo(TransactionType.TRANSFER);
    assertThat(plan.transaction().postings())
        .containsExactly(posting(1, vnd(-300)), posting(2, vnd(300)));
    assertThat(plan.feeMinor()).isZero();
    assertThat(plan.rowChanges()).isEmpty();
  }

  @Test
  void locksThePayerTheAccountCreditedAndTheFeeAccountInIdOrder() {
    Transfer transfer = new Transfer(Caller.user(1), Payer.OWNER, BOB, MERCHANT, SHARD, FEES, 5);

    assertThat(transfer.accountsToLock()).containsExactly(BOB, FEES, SHARD);
    assertThat(transfer.settles()).isNull();
    assertThat(transfer.undoes()).isNull();
  }

  @Test
  void onlyTheOwnerPaysASingleTransferAndAnOperatorMayPayInABatch() {
    assertThatThrownBy(() -> plan(transfer(Caller.user(2), BOB, 1), rows, PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> plan(transfer(Caller.operator(9), BOB, 1), rows, PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class);

    Transfer payroll =
        new Transfer(Caller.operator(9), Payer.OWNER_OR_OPERATOR, ALICE, BOB, BOB, null, 1);
    assertThat(plan(payroll, rows, PostingRules.DEFAULT).transaction().postings()).hasSize(2);
  }

  @Test
  void neitherSideMayBeASystemAccount() {
    Rows withSystemPayer = new Rows().with(account(3, AccountKind.FEE_REVENUE, 500));
    withSystemPayer.with(account(2, AccountKind.USER, 0));
    Transfer fromSystem =
        new Transfer(Caller.operator(9), Payer.OWNER_OR_OPERATOR, FEES, BOB, BOB, null, 1);

    assertThatThrownBy(() -> plan(fromSystem, withSystemPayer, PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageNotContaining("FEE");
    assertThatThrownBy(() -> plan(transfer(Caller.user(1), FEES, 1), rows, PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void bothWalletsMustHoldTheSameCurrency() {
    rows.with(account(2, AccountKind.USER, 0, USD));

    assertThatThrownBy(() -> plan(transfer(Caller.user(1), BOB, 1), rows, PostingRules.DEFAULT))
        .isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void anAmountAboveItsCurrencysMaximumIsRefused() {
    PostingRules rules =
        new PostingRules(new AmountLimits(1_000_000, Map.of(VND, 100L)), FeeSchedule.NONE);

    assertThat(plan(transfer(Caller.user(1), BOB, 100), rows, rules).transaction()).isNotNull();
    assertThatThrownBy(() -> plan(transfer(Caller.user(1), BOB, 101), rows, rules))
        .isInstanceOf(AmountLimitExceededException.class);
  }

  @Test
  void theFeeIsAThirdLegToTheRevenueAccountPaidInThePayersOneDebit() {
    PostingRules rules =
        new PostingRules(
            AmountLimits.DEFAULT, new FeeSchedule(Map.of(VND, new FeeRule(100, 2, 0, null))));
    Transfer withFee = new Transfer(Caller.user(1), Payer.OWNER, ALICE, BOB, BOB, FEES, 500);

    PostingPlan plan = plan(withFee, rows, rules);

    assertThat(plan.transaction().postings())
        .containsExactly(posting(1, vnd(-507)), posting(2, vnd(500)), posting(3, vnd(7)));
    assertThat(plan.feeMinor()).isEqualTo(7);
    assertThatThrownBy(() -> plan(transfer(Caller.user(1), BOB, 500), rows, rules))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("none is locked");
  }

  @Test
  void aCreditToAShardedMerchantLandsOnOneOfItsOwnShards() {
    Transfer toShard = new Transfer(Caller.user(1), Payer.OWNER, ALICE, MERCHANT, SHARD, null, 40);

    assertThat(plan(toShard, rows, PostingRules.DEFAULT).transaction().postings())
        .containsExactly(posting(1, vnd(-40)), posting(401, vnd(40)));

    Transfer toAnothersShard =
        new Transfer(Caller.user(1), Payer.OWNER, ALICE, BOB, SHARD, null, 1);
    assertThatThrownBy(() -> plan(toAnothersShard, rows, PostingRules.DEFAULT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no shard of");
  }

  @Test
  void aMovementReadsOnlyTheRowsItNamed() {
    Transfer transfer = transfer(Caller.user(1), AccountId.of(77), 1);

    assertThatThrownBy(() -> plan(transfer, rows, PostingRules.DEFAULT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not locked");
  }
}
