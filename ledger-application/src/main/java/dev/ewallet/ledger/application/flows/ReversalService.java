package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.TransactionNotFoundException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.movement.Refund;
import dev.ewallet.ledger.domain.movement.Reversal;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.in.RefundTransactionUseCase;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import java.util.HashSet;
import java.util.Set;

/**
 * Reversals and partial refunds, an operator's: loads the original and the merchants of its shards,
 * and hands a {@link Reversal} or {@link Refund} to the posting strategy. Whether the original was
 * reversed or refunded before is read by the posting path once its accounts are locked, after
 * replays are answered (so a resend of a reversal that succeeded replays instead of being refused).
 * The journal's unique reversal link is the safety net behind that read.
 */
public final class ReversalService implements ReverseTransactionUseCase, RefundTransactionUseCase {

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final PostingStrategy posting;

  public ReversalService(
      AccountRepository accounts, JournalRepository journal, PostingStrategy posting) {
    this.accounts = accounts;
    this.journal = journal;
    this.posting = posting;
  }

  @Override
  public PostingReceipt reverse(ReverseTransactionCommand command) {
    command.caller().requireOperator();
    JournalTransaction original = original(command.transactionId());
    return posting
        .post(
            new PostingRequest(
                command.caller(),
                command.idempotencyKey(),
                command.fingerprint(),
                new Reversal(original, merchantsOfShards(original), command.reason())))
        .receiptOrThrow();
  }

  @Override
  public PostingReceipt refund(RefundTransactionCommand command) {
    command.caller().requireOperator();
    JournalTransaction original = original(command.transactionId());
    Refund refund =
        new Refund(original, merchantsOfShards(original), command.amountMinor(), command.reason());
    return posting
        .post(
            new PostingRequest(
                command.caller(), command.idempotencyKey(), command.fingerprint(), refund))
        .receiptOrThrow();
  }

  private JournalTransaction original(TransactionId id) {
    return journal
        .findById(id)
        .orElseThrow(() -> new TransactionNotFoundException(id.toString()))
        .journalTransaction();
  }

  /**
   * The merchants of the original's shards: a credit that landed on a shard may have been swept
   * into the merchant's main account since, and the undo then debits that one. A shard's merchant
   * never changes, so reading it before locking is safe.
   */
  private Set<AccountId> merchantsOfShards(JournalTransaction original) {
    Set<AccountId> merchants = new HashSet<>();
    for (AccountId id : original.accountIds()) {
      accounts.findById(id).map(Account::parent).ifPresent(merchants::add);
    }
    return merchants;
  }
}
