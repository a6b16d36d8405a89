package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import org.junit.jupiter.api.Test;

class DepositAndReversalServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7);
  private final AccountId bob = f.openWallet(8);

  private PostingReceipt reverse(TransactionId id, IdempotencyKey key, String reason) {
    return f.services
        .reversals()
        .reverse(new ReverseTransactionCommand(LedgerServicesFixture.OPERATOR, key, id, reason));
  }

  @Test
  void aDepositCreditsTheWalletFromBankClearing() {
    f.deposit(alice, 100_000);

    AccountId clearing = f.ledger.accounts().systemAccount(AccountKind.BANK_CLEARING, VND);
    assertThat(f.balance(alice)).isEqualTo(100_000);
    assertThat(f.balance(clearing)).isEqualTo(-100_000);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void onlyOperatorsDepositAndOnlyIntoWallets() {
    assertThatThrownBy(() ->
            f.services
                .deposits()
                .deposit(new DepositFundsCommand(Caller.user(7), freshKey(), alice, 5)))
        .isInstanceOf(AccessDeniedException.class);
    AccountId clearing = f.ledger.accounts().systemAccount(AccountKind.BANK_CLEARING, VND);
    assertThatThrownBy(() -> f.deposit(clearing, 5)).isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> f.deposit(AccountId.of(404), 5))
        .isInstanceOf(AccountNotFoundException.class);
    assertThat(f.balance(alice)).isZero();
  }

  @Test
  void aReversalNegatesTheOriginalAndIsLinkedBothWays() {
    f.deposit(alice, 10_000);
    PostingReceipt transfer = f.transfer(7, alice, bob, 3_000);

    PostingReceipt reversal = reverse(transfer.transactionId(), freshKey(), "sent by mistake");

    assertThat(reversal.type()).isEqualTo(TransactionType.REVERSAL);
    assertThat(f.balance(alice)).isEqualTo(10_000);
    assertThat(f.balance(bob)).isZero();
    PostedTransaction original =
        f.services
            .transactions()
            .get(LedgerServicesFixture.OPERATOR, transfer.transactionId())
            .transaction();
    assertThat(original.reversedBy()).isEqualTo(reversal.transactionId());
    PostedTransaction posted =
        f.services
            .transactions()
            .get(LedgerServicesFixture.OPERATOR, reversal.transactionId())
            .transaction();
    assertThat(posted.reversalOf()).isEqualTo(transfer.transactionId());
    assertThat(posted.reason()).isEqualTo("sent by mistake");
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void aTransactionIsReversedOnceButTheSameRequestReplays() {
    f.deposit(alice, 10_000);
    PostingReceipt transfer = f.transfer(7, alice, bob, 3_000);
    IdempotencyKey key = freshKey();

    PostingReceipt first = reverse(transfer.transactionId(), key, null);
    PostingReceipt replay = reverse(transfer.transactionId(), key, null);

    assertThat(replay.replayed()).isTrue();
    assertThat(replay.transactionId()).isEqualTo(first.transactionId());
    assertThatThrownBy(() -> reverse(transfer.transactionId(), freshKey(), null))
        .isInstanceOf(AlreadyReversedException.class);
    assertThat(f.balance(alice)).isEqualTo(10_000);
  }

  @Test
  void aReversalThatWouldOverdrawAWalletIsRefused() {
    f.deposit(alice, 10_000);
    PostingReceipt transfer = f.transfer(7, alice, bob, 3_000);
    f.transfer(8, bob, alice, 3_000);

    assertThatThrownBy(() -> reverse(transfer.transactionId(), freshKey(), null))
        .isInstanceOf(InsufficientFundsException.class);
    assertThatThrownBy(() -> reverse(transfer.transactionId(), freshKey(), null))
        .isInstanceOf(InsufficientFundsException.class);
  }

  @Test
  void onlyOperatorsReverseAndOnlyExistingTransactions() {
    PostingReceipt deposit = f.deposit(alice, 10_000);
    assertThatThrownBy(() ->
            f.services
                .reversals()
                .reverse(
                    new ReverseTransactionCommand(
                        Caller.user(7), freshKey(), deposit.transactionId(), null)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> reverse(TransactionId.random(), freshKey(), null))
        .isInstanceOf(TransactionNotFoundException.class);
  }
}
