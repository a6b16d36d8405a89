package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.error.AccountNotEmptyException;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Money arriving for a closed wallet: refused, or kept in suspense, by the policy. */
class ClosedWalletCreditsTest {

  private static final AccountId WALLET = AccountId.of(1);
  private static final AccountId CLEARING = AccountId.of(2);
  private static final AccountId SUSPENSE = AccountId.of(3);

  private final Rows rows =
      new Rows()
          .with(
              account(1, AccountKind.USER, 0).withStatus(AccountStatus.CLOSED),
              account(2, AccountKind.BANK_CLEARING, 0),
              account(3, AccountKind.SUSPENSE, 0));

  private PostingPlan deposit() {
    return new Deposit(WALLET, CLEARING, 250)
        .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT);
  }

  @Test
  void keptInSuspenseTheCreditMovesToTheSuspenseAccountWithTheWalletAsReference() {
    PostingPlan planned = deposit();

    PostingPlan kept = ClosedWalletCredits.SUSPENSE.applyTo(planned, rows, SUSPENSE, AT);

    assertThat(kept.transaction().id()).isEqualTo(planned.transaction().id());
    assertThat(kept.transaction().type()).isEqualTo(TransactionType.DEPOSIT);
    assertThat(kept.transaction().postings())
        .containsExactly(posting(2, vnd(-250)), posting(3, vnd(250)));
    assertThat(kept.rowChanges())
        .singleElement()
        .isEqualTo(
            new RowChange.SuspenseBooked(
                new SuspenseItem(
                    planned.transaction().id(),
                    WALLET,
                    SUSPENSE,
                    vnd(250),
                    TransactionType.DEPOSIT,
                    AT,
                    null)));
  }

  @Test
  void withoutItsSuspenseAccountLockedThePostingIsAskedAgainForThatCurrency() {
    assertThatThrownBy(() -> ClosedWalletCredits.SUSPENSE.applyTo(deposit(), rows, null, AT))
        .isInstanceOfSatisfying(
            AccountClosedException.class,
            closed -> assertThat(closed.suspenseCurrency()).contains("VND"));
  }

  @Test
  void refusingTheCreditNamesNoSuspense() {
    assertThatThrownBy(() -> ClosedWalletCredits.REFUSE.applyTo(deposit(), rows, SUSPENSE, AT))
        .isInstanceOfSatisfying(
            AccountClosedException.class,
            closed -> assertThat(closed.suspenseCurrency()).isEmpty());
  }

  @Test
  void aTransferToAClosedWalletIsLeftForTheJournalToRefuse() {
    rows.with(account(4, AccountKind.USER, 500));
    PostingPlan transfer =
        new Transfer(
                Caller.user(4), Transfer.Payer.OWNER, AccountId.of(4), WALLET, WALLET, null, 100)
            .plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT);

    assertThat(ClosedWalletCredits.SUSPENSE.applyTo(transfer, rows, SUSPENSE, AT))
        .isSameAs(transfer);
    Posting credit = transfer.transaction().postings().get(1);
    assertThatThrownBy(() -> transfer.transaction().balanceAfter(rows.account(WALLET), credit))
        .isInstanceOf(AccountClosedException.class);
  }

  @Test
  void aWalletClosesOnlyEmptyAndOnce() {
    var wallet = account(5, AccountKind.USER, 0);
    assertThatThrownBy(() -> wallet.closed(1, 0, 0, false))
        .isInstanceOf(AccountNotEmptyException.class);
    assertThatThrownBy(() -> wallet.closed(0, 0, 7, true))
        .isInstanceOfSatisfying(
            AccountNotEmptyException.class, e -> assertThat(e.pendingInMinor()).isEqualTo(7));
    var closed = wallet.closed(0, 0, 0, false);
    assertThat(closed.status()).isEqualTo(AccountStatus.CLOSED);
    assertThatThrownBy(() -> closed.closed(0, 0, 0, true))
        .isInstanceOf(AccountClosedException.class);
    assertThat(List.of(closed.status().isOpen(), wallet.status().isOpen()))
        .containsExactly(false, true);
  }
}
