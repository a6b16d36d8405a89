package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.GetTransactionQuery;
import dev.ewallet.ledger.domain.port.in.TransactionView;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reading one transaction with its entries: an operator sees every balance after, an owner only
 * those of their own accounts.
 */
public final class TransactionQueryService implements GetTransactionQuery {

  private final AccountRepository accounts;
  private final JournalRepository journal;

  TransactionQueryService(AccountRepository accounts, JournalRepository journal) {
    this.accounts = accounts;
    this.journal = journal;
  }

  @Override
  public TransactionView get(Caller caller, TransactionId transactionId) {
    PostedTransaction transaction =
        journal
            .findById(transactionId)
            .orElseThrow(() -> new TransactionNotFoundException(transactionId.toString()));
    Set<AccountId> touched =
        transaction.entries().stream().map(LedgerEntry::accountId).collect(Collectors.toSet());
    if (caller.operator()) {
      return new TransactionView(transaction, touched);
    }
    Set<AccountId> owned = ownedBy(caller, touched);
    if (owned.isEmpty()) {
      throw new AccessDeniedException("transaction " + transactionId + " touches none of yours");
    }
    return new TransactionView(transaction, owned);
  }

  private Set<AccountId> ownedBy(Caller caller, Set<AccountId> touched) {
    return touched.stream()
        .flatMap(id -> accounts.findById(id).stream())
        .filter(account -> account.isOwnedBy(caller.user()))
        .map(Account::id)
        .collect(Collectors.toSet());
  }
}
