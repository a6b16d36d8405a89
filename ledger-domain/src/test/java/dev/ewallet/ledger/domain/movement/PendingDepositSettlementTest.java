package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotPendingException;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PendingDepositSettlementTest {

  private static final AccountId WALLET = AccountId.of(1);
  private static final AccountId CLEARING = AccountId.of(2);

  private final Rows rows =
      new Rows()
          .with(account(1, AccountKind.USER, 100), account(2, AccountKind.BANK_CLEARING, -100));

  private final PendingDeposit pending =
      PendingDeposit.announced(
          TransactionId.random(),
          WALLET,
          vnd(700),
          new TransactionDetails("BANK-REF-1", null, Map.of()),
          AT.minusSeconds(60));

  @Test
  void settlingPostsTheDepositAndSettlesThePendingRowTogether() {
    rows.with(pending);
    TransactionId id = TransactionId.random();
    PendingDepositSettlement settlement = new PendingDepositSettlement(pending, CLEARING);

    PostingPlan plan = settlement.plan(rows, PostingRules.DEFAULT, id, AT);

    assertThat(settlement.settles()).isEqualTo(new SettledRow.PendingDepositRow(pending.id()));
    assertThat(settlement.accountsToLock()).containsExactly(WALLET, CLEARING);
    assertThat(plan.transaction().type()).isEqualTo(TransactionType.DEPOSIT);
    assertThat(plan.transaction().postings())
        .containsExactly(posting(2, vnd(-700)), posting(1, vnd(700)));
    PendingDeposit settled = pending.settle(id, AT);
    assertThat(plan.rowChanges()).containsExactly(new RowChange.PendingDepositSettled(settled));
    assertThat(settled.status()).isEqualTo(PendingDepositStatus.SETTLED);
    assertThat(settled.settledBy()).isEqualTo(id);
  }

  @Test
  void aPendingDepositSettlesOrFailsOnce() {
    PendingDeposit failed = pending.fail("the bank returned it", AT);
    rows.with(failed);

    assertThatThrownBy(() ->
            new PendingDepositSettlement(pending, CLEARING)
                .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT))
        .isInstanceOf(PendingDepositNotPendingException.class)
        .hasMessageContaining("FAILED");
    assertThatThrownBy(() -> failed.fail("again", AT))
        .isInstanceOf(PendingDepositNotPendingException.class);
  }

  @Test
  void aSettlementObeysTheDepositsRulesAsLocked() {
    rows.with(pending);
    PostingRules small = new PostingRules(new AmountLimits(699, Map.of()), FeeSchedule.NONE);

    assertThatThrownBy(() ->
            new PendingDepositSettlement(pending, CLEARING)
                .plan(rows, small, TransactionId.random(), AT))
        .isInstanceOf(AmountLimitExceededException.class);
  }

  @Test
  void aSettlementOfNoLockedRowIsNotFound() {
    assertThatThrownBy(() ->
            new PendingDepositSettlement(pending, CLEARING)
                .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT))
        .isInstanceOf(PendingDepositNotFoundException.class);
  }
}
