package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.reads.TransactionQueryService;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.EntriesPage;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransactionView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccountServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountService accounts = f.services.accounts();

  @Test
  void aUserOpensTheirOwnWalletWithAZeroBalance() {
    AccountView view = accounts.create(new CreateAccountCommand(Caller.user(7), VND, null, null));

    assertThat(view.account().owner()).isEqualTo(UserId.of(7));
    assertThat(view.account().kind()).isEqualTo(AccountKind.USER);
    assertThat(view.account().balance().amountMinor()).isZero();
    assertThat(view.heldAmount().amountMinor()).isZero();
  }

  @Test
  void onlyOperatorsOpenForOthersOrChooseAKind() {
    assertThatThrownBy(() ->
            accounts.create(new CreateAccountCommand(Caller.user(7), VND, UserId.of(8), null)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() ->
            accounts.create(
                new CreateAccountCommand(Caller.user(7), VND, null, AccountKind.BANK_CLEARING)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() ->
            accounts.create(
                new CreateAccountCommand(
                    LedgerServicesFixture.OPERATOR, VND, UserId.of(8), AccountKind.BANK_CLEARING)))
        .isInstanceOf(InvalidRequestException.class);
    assertThat(
            accounts
                .create(
                    new CreateAccountCommand(
                        LedgerServicesFixture.OPERATOR, VND, UserId.of(8), null))
                .account()
                .owner())
        .isEqualTo(UserId.of(8));
  }

  @Test
  void ownersAndOperatorsReadAnAccountOthersDoNot() {
    AccountId wallet = f.openWallet(7);

    assertThat(accounts.get(Caller.user(7), wallet).account().id()).isEqualTo(wallet);
    assertThat(accounts.get(LedgerServicesFixture.OPERATOR, wallet).account().id())
        .isEqualTo(wallet);
    assertThatThrownBy(() -> accounts.get(Caller.user(8), wallet))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> accounts.get(Caller.user(7), AccountId.of(999)))
        .isInstanceOf(AccountNotFoundException.class);
  }

  @Test
  void listingShowsOwnAccountsAndOperatorsChooseTheOwner() {
    AccountId first = f.openWallet(7);
    AccountId second = f.openWallet(7);
    f.openWallet(8);

    assertThat(accounts.list(Caller.user(7), null))
        .extracting(v -> v.account().id())
        .containsExactly(first, second);
    assertThat(accounts.list(LedgerServicesFixture.OPERATOR, UserId.of(7))).hasSize(2);
    assertThatThrownBy(() -> accounts.list(Caller.user(8), UserId.of(7)))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void historyPagesNewestFirstUntilTheLastPage() {
    AccountId wallet = f.openWallet(7);
    for (long amount = 1; amount <= 5; amount++) {
      f.deposit(wallet, amount);
    }

    List<Long> amounts = new ArrayList<>();
    HistoryPosition cursor = null;
    int pages = 0;
    do {
      EntriesPage page = accounts.entries(Caller.user(7), wallet, HistoryFilter.NONE, cursor, 2);
      page.items().forEach(e -> amounts.add(e.amount().amountMinor()));
      cursor = page.next();
      pages++;
    } while (cursor != null);

    assertThat(amounts).containsExactly(5L, 4L, 3L, 2L, 1L);
    assertThat(pages).isEqualTo(3);
  }

  @Test
  void historyLimitIsOneToAHundredAndOwnersOnly() {
    AccountId wallet = f.openWallet(7);
    assertThatThrownBy(() -> accounts.entries(Caller.user(7), wallet, HistoryFilter.NONE, null, 0))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(
            () -> accounts.entries(Caller.user(7), wallet, HistoryFilter.NONE, null, 101))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> accounts.entries(Caller.user(8), wallet, HistoryFilter.NONE, null, 10))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void aTransactionIsReadByAnOwnerOfAnAccountItTouchesWhoSeesOnlyTheirOwnBalances() {
    AccountId alice = f.openWallet(7);
    AccountId bob = f.openWallet(8);
    f.deposit(alice, 100);
    PostingReceipt transfer = f.transfer(7, alice, bob, 40);
    TransactionQueryService transactions = f.services.transactions();

    TransactionView payers = transactions.get(Caller.user(7), transfer.transactionId());
    assertThat(payers.transaction().entries())
        .extracting(LedgerEntry::accountId)
        .containsExactly(alice, bob);
    assertThat(payers.balancesShown()).containsExactly(alice);
    assertThat(transactions.get(Caller.user(8), transfer.transactionId()).balancesShown())
        .containsExactly(bob);
    assertThat(
            transactions
                .get(LedgerServicesFixture.OPERATOR, transfer.transactionId())
                .balancesShown())
        .containsExactlyInAnyOrder(alice, bob);
    assertThatThrownBy(() -> transactions.get(Caller.user(9), transfer.transactionId()))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> transactions.get(Caller.user(7), TransactionId.random()))
        .isInstanceOf(TransactionNotFoundException.class);
  }
}
