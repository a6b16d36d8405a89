package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.GetTransactionQuery;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;

/** Reading one transaction with its entries. */
public final class TransactionQueryService implements GetTransactionQuery {

  private final AccountRepository accounts;
  private final JournalRepository journal;

  TransactionQueryService(AccountRepository accounts, JournalRepository journal) {
    this.accounts = accounts;
    this.journal = journal;
  }

  @Override
  public PostedTransaction get(Caller caller, TransactionId transactionId) {
    PostedTransaction transaction =
        journal
            .findById(transactionId)
            .orElseThrow(() -> new TransactionNotFoundException(transactionId.toString()));
    if (!caller.operator() && !touchesAccountOf(caller, transaction)) {
      throw new AccessDeniedException("transaction " + transactionId + " touches none of yours");
    }
    return transaction;
  }

  private boolean touchesAccountOf(Caller caller, PostedTransaction transaction) {
    return transaction.entries().stream()
        .map(LedgerEntry::accountId)
        .flatMap(id -> accounts.findById(id).stream())
        .anyMatch(account -> account.isOwnedBy(caller.user()));
  }
}
