package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.FindTransactionsByReferenceQuery;
import dev.ewallet.ledger.domain.port.in.GetTransactionQuery;
import dev.ewallet.ledger.domain.port.in.TransactionByKeyQuery;
import dev.ewallet.ledger.domain.port.in.TransactionView;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reading one transaction with its entries: an operator sees every balance after, an owner only
 * those of their own accounts.
 */
public final class TransactionQueryService
    implements GetTransactionQuery, FindTransactionsByReferenceQuery, TransactionByKeyQuery {

  private final AccountRepository accounts;
  private final JournalRepository journal;

  public TransactionQueryService(AccountRepository accounts, JournalRepository journal) {
    this.accounts = accounts;
    this.journal = journal;
  }

  @Override
  public TransactionView get(Caller caller, TransactionId transactionId) {
    PostedTransaction transaction =
        journal
            .findById(transactionId)
            .orElseThrow(() -> new TransactionNotFoundException(transactionId.toString()));
    return visible(caller, transaction)
        .orElseThrow(() ->
            new AccessDeniedException("transaction " + transactionId + " touches none of yours"));
  }

  @Override
  public Optional<TransactionView> byKey(Caller caller, long principalId, IdempotencyKey key) {
    if (!caller.operator() && principalId != caller.principalId()) {
      throw new AccessDeniedException("idempotency keys of user " + principalId + " are not yours");
    }
    return journal.findClaims(List.of(new ClaimKey(principalId, key))).values().stream()
        .findFirst()
        .map(claim -> get(caller, claim.transactionId()));
  }

  @Override
  public List<TransactionView> byReference(Caller caller, String reference) {
    String checked = new TransactionDetails(reference, null, null).reference();
    if (checked == null) {
      throw new InvalidRequestException("reference is required");
    }
    UserId owner = caller.operator() ? null : caller.user();
    return journal.findByReference(checked, owner, MAX_RESULTS).stream()
        .flatMap(transaction -> visible(caller, transaction).stream())
        .toList();
  }

  /** The transaction as the caller may see it; empty when it touches none of the caller's. */
  private Optional<TransactionView> visible(Caller caller, PostedTransaction transaction) {
    Set<AccountId> touched =
        transaction.entries().stream().map(LedgerEntry::accountId).collect(Collectors.toSet());
    Set<AccountId> shown = caller.operator() ? touched : ownedBy(caller, touched);
    return shown.isEmpty()
        ? Optional.empty()
        : Optional.of(new TransactionView(transaction, shown, refundable(transaction)));
  }

  /** What refunds may still pay back of a transfer, by the rule a refund itself is held to. */
  private Long refundable(PostedTransaction transaction) {
    if (transaction.type() != TransactionType.TRANSFER) {
      return null;
    }
    return transaction.reversedBy() != null
        ? 0L
        : transaction.journalTransaction().refundableMinor(journal.refundedMinor(transaction.id()));
  }

  private Set<AccountId> ownedBy(Caller caller, Set<AccountId> touched) {
    return touched.stream()
        .flatMap(id -> accounts.findById(id).stream())
        .filter(account -> account.isOwnedBy(caller.user()))
        .map(Account::id)
        .collect(Collectors.toSet());
  }
}
