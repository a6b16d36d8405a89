package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.LimitExceededException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PostingPlanTest {

  private static final AccountId ALICE = AccountId.of(1);
  private static final AccountId BOB = AccountId.of(2);

  private final Map<AccountId, OutgoingAllowance> allowances =
      Map.of(
          ALICE, new OutgoingAllowance(1_000L, 900, null, 900),
          BOB, new OutgoingAllowance(null, 0, null, 0));

  private static JournalTransaction transfer(long amount) {
    return JournalTransaction.create(
        TransactionId.random(),
        TransactionType.TRANSFER,
        List.of(posting(1, vnd(-amount)), posting(2, vnd(amount))),
        AT);
  }

  @Test
  void aDebitThatMovesMoneyAnewSpendsFromThePayersAllowanceOnly() {
    Map<AccountId, OutgoingAllowance> after =
        PostingPlan.of(transfer(100)).allowancesAfter(allowances::get, AT);

    assertThat(after).containsOnlyKeys(ALICE);
    assertThat(after.get(ALICE).dailyUsed()).isEqualTo(1_000);
  }

  @Test
  void aDebitPastALimitIsRefused() {
    assertThatThrownBy(() -> PostingPlan.of(transfer(101)).allowancesAfter(allowances::get, AT))
        .isInstanceOf(LimitExceededException.class);
  }

  @Test
  void anUndoGivesBackWhatTheOriginalSpentWithinTheSameWindows() {
    JournalTransaction original = transfer(100);
    JournalTransaction reversal =
        original.reverse(
            TransactionId.random(),
            AT,
            Map.of(
                ALICE, Rows.account(1, AccountKind.USER, 0),
                BOB, Rows.account(2, AccountKind.USER, 100)));

    Map<AccountId, OutgoingAllowance> after =
        PostingPlan.undoing(reversal, original.createdAt()).allowancesAfter(allowances::get, AT);

    assertThat(after.get(ALICE).dailyUsed()).isEqualTo(800);
    assertThat(after).doesNotContainKey(BOB);
  }

  @Test
  void accountsWithoutAnAllowanceAreLeftAlone() {
    assertThat(PostingPlan.of(transfer(5)).allowancesAfter(id -> null, AT)).isEmpty();
  }
}
