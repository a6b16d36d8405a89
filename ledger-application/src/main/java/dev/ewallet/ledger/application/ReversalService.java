package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Reversals of deposits and transfers (the domain's {@link TransactionType#isReversible} says which
 * types may be reversed). Whether the original was reversed before is read once its accounts are
 * locked, after the poster has answered replays (so a resend of a reversal that succeeded replays
 * instead of being refused); the journal's unique link is the safety net behind that read.
 */
public final class ReversalService implements ReverseTransactionUseCase {

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final PostingStrategy posting;

  ReversalService(AccountRepository accounts, JournalRepository journal, PostingStrategy posting) {
    this.accounts = accounts;
    this.journal = journal;
    this.posting = posting;
  }

  @Override
  public PostingReceipt reverse(ReverseTransactionCommand command) {
    command.caller().requireOperator();
    JournalTransaction original =
        journal
            .findById(command.transactionId())
            .orElseThrow(() -> new TransactionNotFoundException(command.transactionId().toString()))
            .journalTransaction();
    return posting
        .post(
            new PostingRequest(
                command.caller(),
                command.idempotencyKey(),
                command.fingerprint(),
                TransactionType.REVERSAL,
                accountsToLock(original),
                null,
                original.id(),
                command.reason(),
                (locked, id, at) -> {
                  requireNotReversed(original.id());
                  return Planned.of(original.reverse(id, at, locked.accounts()));
                }))
        .receiptOrThrow();
  }

  /**
   * Checked once the original's accounts are locked, so a reversal committed meanwhile is seen; two
   * reversals in one batch are stopped by the journal's one-reversal constraint instead.
   */
  private void requireNotReversed(TransactionId original) {
    if (journal.findById(original).map(PostedTransaction::reversedBy).isPresent()) {
      throw new AlreadyReversedException(original.toString());
    }
  }

  /**
   * The original's accounts and the merchants of its shards: a credit that landed on a shard may
   * have been swept into the merchant's main account since, and the reversal then debits that one.
   * A shard's merchant never changes, so reading it before locking is safe, and locking all of them
   * at once keeps the one global lock order.
   */
  private SortedSet<AccountId> accountsToLock(JournalTransaction original) {
    SortedSet<AccountId> ids = new TreeSet<>(original.accountIds());
    for (AccountId id : original.accountIds()) {
      accounts.findById(id).map(Account::parent).ifPresent(ids::add);
    }
    return ids;
  }
}
