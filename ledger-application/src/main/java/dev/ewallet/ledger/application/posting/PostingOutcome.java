package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.movement.RowChange;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import java.util.List;
import java.util.Objects;

/** What became of one posting request. */
public sealed interface PostingOutcome {

  /** The receipt of a posted or replayed request; otherwise throws the reason it has none. */
  PostingReceipt receiptOrThrow();

  /**
   * Posted now, as this transaction, charging this fee (0 for none), with the bank-flow rows it
   * placed or moved on as committed (a withdrawal request's withdrawal, for the bank).
   */
  record Posted(JournalTransaction transaction, long feeMinor, List<RowChange> rowChanges)
      implements PostingOutcome {

    public Posted {
      Objects.requireNonNull(transaction, "transaction");
      rowChanges = List.copyOf(rowChanges);
    }

    @Override
    public PostingReceipt receiptOrThrow() {
      return new PostingReceipt(transaction.id(), transaction.type(), false, feeMinor);
    }
  }

  /** An earlier request with the same key and body posted it; nothing was posted now. */
  record Replayed(PostingReceipt receipt) implements PostingOutcome {

    @Override
    public PostingReceipt receiptOrThrow() {
      return receipt;
    }
  }

  /**
   * Nothing was posted: a rule refused it, its key was used for another request, the database was
   * too busy to start, or it failed on its own. The key stays free.
   */
  record Rejected(RuntimeException reason) implements PostingOutcome {

    public Rejected {
      Objects.requireNonNull(reason, "reason");
    }

    @Override
    public PostingReceipt receiptOrThrow() {
      throw reason;
    }
  }

  /** The commit may or may not have happened; a retry with the same key tells. */
  record Unknown(OutcomeUnknownException reason) implements PostingOutcome {

    public Unknown {
      Objects.requireNonNull(reason, "reason");
    }

    @Override
    public PostingReceipt receiptOrThrow() {
      throw reason;
    }
  }
}
