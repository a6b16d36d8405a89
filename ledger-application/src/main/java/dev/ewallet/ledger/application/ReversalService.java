package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionUseCase;
import dev.ewallet.ledger.domain.port.out.JournalRepository;

/**
 * Reversals. Whether the original was reversed before is decided by the journal's unique link when
 * the reversal claims it, not by reading first: a read would race a concurrent reversal, and it
 * would refuse a resend of a reversal that succeeded instead of replaying it.
 */
public final class ReversalService implements ReverseTransactionUseCase {

  private final JournalRepository journal;
  private final JournalPoster poster;

  ReversalService(JournalRepository journal, JournalPoster poster) {
    this.journal = journal;
    this.poster = poster;
  }

  @Override
  public PostingReceipt reverse(ReverseTransactionCommand command) {
    command.caller().requireOperator();
    JournalTransaction original =
        journal
            .findById(command.transactionId())
            .orElseThrow(() -> new TransactionNotFoundException(command.transactionId().toString()))
            .journalTransaction();
    return poster.post(
        new PostingRequest(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            TransactionType.REVERSAL,
            original.accountIds(),
            original.id(),
            command.reason(),
            (locked, id, at) -> original.reverse(id, at)));
  }
}
