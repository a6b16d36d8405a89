package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.NotReversibleException;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.in.RefundTransactionUseCase;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Reversals (the domain's {@link TransactionType#isReversible} says which types may be reversed)
 * and partial refunds of transfers. Whether the original was reversed or refunded before is read
 * once its accounts are locked, after the poster has answered replays (so a resend of a reversal
 * that succeeded replays instead of being refused). Every reversal and refund of a transaction
 * locks its payer, and both post inline, one per database transaction: two of them on one original
 * are ordered by that lock, and the later reads what the earlier committed. The journal's unique
 * reversal link is the safety net behind the reversal's read.
 */
public final class ReversalService implements ReverseTransactionUseCase, RefundTransactionUseCase {

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
    JournalTransaction original = original(command.transactionId());
    return undo(
        command.caller(),
        command.idempotencyKey(),
        command.fingerprint(),
        TransactionType.REVERSAL,
        original,
        command.reason(),
        (locked, id, at) -> {
          long refunded = journal.refundedMinor(original.id());
          if (refunded > 0) {
            throw NotReversibleException.refunded(original.id().toString(), refunded);
          }
          return Planned.undoing(original.reverse(id, at, locked.accounts()), original.createdAt());
        });
  }

  @Override
  public PostingReceipt refund(RefundTransactionCommand command) {
    command.caller().requireOperator();
    JournalTransaction original = original(command.transactionId());
    return undo(
        command.caller(),
        command.idempotencyKey(),
        command.fingerprint(),
        TransactionType.REFUND,
        original,
        command.reason(),
        (locked, id, at) ->
            Planned.undoing(
                original.refund(
                    id,
                    command.amountMinor(),
                    journal.refundedMinor(original.id()),
                    at,
                    locked.accounts()),
                original.createdAt()));
  }

  /**
   * Posts a reversal or a refund of {@code original} inline, with its accounts locked: the plan
   * runs only once the original is known not to be reversed.
   */
  private PostingReceipt undo(
      Caller caller,
      IdempotencyKey key,
      RequestFingerprint fingerprint,
      TransactionType type,
      JournalTransaction original,
      String reason,
      PostingPlan plan) {
    return posting
        .post(
            new PostingRequest(
                caller,
                key,
                fingerprint,
                type,
                accountsToLock(original),
                null,
                original.id(),
                reason,
                (locked, id, at) -> {
                  requireNotReversed(original.id());
                  return plan.build(locked, id, at);
                }))
        .receiptOrThrow();
  }

  private JournalTransaction original(TransactionId id) {
    return journal
        .findById(id)
        .orElseThrow(() -> new TransactionNotFoundException(id.toString()))
        .journalTransaction();
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
