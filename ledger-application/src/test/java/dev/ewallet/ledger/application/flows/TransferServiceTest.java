package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.USD;
import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import org.junit.jupiter.api.Test;

class TransferServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7);
  private final AccountId bob = f.openWallet(8);

  @Test
  void movesMoneyBetweenWalletsWithEntriesAndOneEvent() {
    f.deposit(alice, 50_000);

    PostingReceipt receipt = f.transfer(7, alice, bob, 20_000);

    assertThat(receipt.type()).isEqualTo(TransactionType.TRANSFER);
    assertThat(receipt.replayed()).isFalse();
    assertThat(f.balance(alice)).isEqualTo(30_000);
    assertThat(f.balance(bob)).isEqualTo(20_000);
    LedgerEvent event = f.ledger.outbox().events().getLast();
    assertThat(event.transactionId()).isEqualTo(receipt.transactionId());
    assertThat(event.changes())
        .extracting(c -> c.balanceAfter().amountMinor())
        .containsExactly(30_000L, 20_000L);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void insufficientFundsPostsNothingAndFreesTheKey() {
    f.deposit(alice, 1_000);
    IdempotencyKey key = freshKey();
    TransferFundsCommand tooMuch = new TransferFundsCommand(Caller.user(7), key, alice, bob, 1_001);
    int events = f.ledger.outbox().events().size();

    assertThatThrownBy(() -> f.services.transfers().transfer(tooMuch))
        .isInstanceOf(InsufficientFundsException.class);
    assertThat(f.balance(alice)).isEqualTo(1_000);
    assertThat(f.ledger.outbox().events()).hasSize(events);

    f.deposit(alice, 1);
    assertThat(f.services.transfers().transfer(tooMuch).replayed()).isFalse();
    assertThat(f.balance(alice)).isZero();
  }

  @Test
  void theSameKeyAndRequestPostsOnceAndReplays() {
    f.deposit(alice, 10_000);
    TransferFundsCommand command =
        new TransferFundsCommand(Caller.user(7), freshKey(), alice, bob, 4_000);

    PostingReceipt first = f.services.transfers().transfer(command);
    PostingReceipt again = f.services.transfers().transfer(command);

    assertThat(again.replayed()).isTrue();
    assertThat(again.transactionId()).isEqualTo(first.transactionId());
    assertThat(f.balance(alice)).isEqualTo(6_000);
  }

  @Test
  void theSameKeyWithAnotherRequestIsRefused() {
    f.deposit(alice, 10_000);
    IdempotencyKey key = freshKey();
    f.services
        .transfers()
        .transfer(new TransferFundsCommand(Caller.user(7), key, alice, bob, 4_000));

    assertThatThrownBy(() ->
            f.services
                .transfers()
                .transfer(new TransferFundsCommand(Caller.user(7), key, alice, bob, 4_001)))
        .isInstanceOf(IdempotencyKeyReusedException.class);
    assertThat(f.balance(alice)).isEqualTo(6_000);
  }

  @Test
  void onlyTheSourceOwnerMayTransferNotEvenAnOperator() {
    f.deposit(alice, 10_000);

    assertThatThrownBy(() -> f.transfer(8, alice, bob, 1))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() ->
            f.services
                .transfers()
                .transfer(
                    new TransferFundsCommand(
                        LedgerServicesFixture.OPERATOR, freshKey(), alice, bob, 1)))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(f.balance(alice)).isEqualTo(10_000);
  }

  @Test
  void walletsOfDifferentCurrenciesDoNotTransfer() {
    AccountId dollars = f.openWallet(8, USD);
    f.deposit(alice, 10_000);

    assertThatThrownBy(() -> f.transfer(7, alice, dollars, 1))
        .isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void systemAccountsAreNotTransferTargets() {
    f.deposit(alice, 10_000);
    AccountId clearing = f.ledger.accounts().systemAccount(AccountKind.BANK_CLEARING, VND);

    assertThatThrownBy(() -> f.transfer(7, alice, clearing, 1))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("not a wallet");
  }

  @Test
  void unknownAccountsAreReported() {
    assertThatThrownBy(() -> f.transfer(7, alice, AccountId.of(999), 1))
        .isInstanceOf(AccountNotFoundException.class)
        .hasMessage("account 999 does not exist");
  }
}
