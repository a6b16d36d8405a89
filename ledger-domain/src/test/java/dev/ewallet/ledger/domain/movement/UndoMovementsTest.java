package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.NotReversibleException;
import dev.ewallet.ledger.domain.error.RefundExceedsOriginalException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UndoMovementsTest {

  private static final AccountId MERCHANT = AccountId.of(4);

  private final JournalTransaction transfer =
      JournalTransaction.create(
          TransactionId.random(),
          TransactionType.TRANSFER,
          List.of(posting(1, vnd(-500)), posting(401, vnd(500))),
          AT.minusSeconds(600));

  private final Rows rows =
      new Rows()
          .with(
              account(1, AccountKind.USER, 0),
              account(4, AccountKind.MERCHANT, 300),
              account(401, AccountKind.MERCHANT_SHARD, 200));

  private PostingPlan plan(Movement undo) {
    return undo.plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT);
  }

  @Test
  void aReversalTakesTheMoneyWhereTheMerchantHoldsItNowAndLocksItsMerchant() {
    rows.with(transfer.id(), Undone.NOTHING);
    Reversal reversal = new Reversal(transfer, Set.of(MERCHANT), "mistake");

    PostingPlan plan = plan(reversal);

    assertThat(reversal.accountsToLock())
        .containsExactly(AccountId.of(1), MERCHANT, AccountId.of(401));
    assertThat(reversal.undoes()).isEqualTo(transfer.id());
    assertThat(reversal.reason()).isEqualTo("mistake");
    assertThat(plan.transaction().reversalOf()).contains(transfer.id());
    assertThat(plan.transaction().postings())
        .containsExactlyInAnyOrder(
            posting(1, vnd(500)), posting(401, vnd(-200)), posting(4, vnd(-300)));
    assertThat(plan.undoesSpentAt()).isEqualTo(transfer.createdAt());
  }

  @Test
  void aTransactionIsReversedOnceAndNeverAfterARefund() {
    rows.with(transfer.id(), new Undone(true, 0));
    assertThatThrownBy(() -> plan(new Reversal(transfer, Set.of(MERCHANT), null)))
        .isInstanceOf(AlreadyReversedException.class);

    rows.with(transfer.id(), new Undone(false, 1));
    assertThatThrownBy(() -> plan(new Reversal(transfer, Set.of(MERCHANT), null)))
        .isInstanceOf(NotReversibleException.class);
  }

  @Test
  void refundsAddUpToTheTransferAtMost() {
    rows.with(transfer.id(), new Undone(false, 400));
    Refund rest = new Refund(transfer, Set.of(MERCHANT), 100, null);

    PostingPlan plan = plan(rest);

    assertThat(plan.transaction().refundOf()).contains(transfer.id());
    assertThat(plan.transaction().postings())
        .containsExactly(posting(401, vnd(-100)), posting(1, vnd(100)));
    assertThatThrownBy(() -> plan(new Refund(transfer, Set.of(MERCHANT), 101, null)))
        .isInstanceOf(RefundExceedsOriginalException.class);
  }

  @Test
  void aReversedTransferIsNotRefunded() {
    rows.with(transfer.id(), new Undone(true, 0));

    assertThatThrownBy(() -> plan(new Refund(transfer, Set.of(MERCHANT), 1, null)))
        .isInstanceOf(AlreadyReversedException.class);
  }

  @Test
  void whatHasUndoneATransactionGrowsWithEachUndoOfIt() {
    rows.with(transfer.id(), Undone.NOTHING);
    JournalTransaction refund =
        plan(new Refund(transfer, Set.of(MERCHANT), 120, null)).transaction();
    Undone afterRefund = Undone.NOTHING.after(refund);
    JournalTransaction reversal = transfer.reverse(TransactionId.random(), AT, rows.accounts());

    assertThat(afterRefund).isEqualTo(new Undone(false, 120));
    assertThat(afterRefund.after(refund)).isEqualTo(new Undone(false, 240));
    assertThat(Undone.NOTHING.after(reversal)).isEqualTo(new Undone(true, 0));
    assertThatThrownBy(() -> Undone.NOTHING.after(transfer))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
