package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;

/**
 * What has undone a transaction so far: whether a reversal did, and how much its refunds paid back.
 * Read with the transaction's accounts locked (every reversal and refund of it locks them too), so
 * a later undo sees what an earlier one committed; a batch carrying two undos of one transaction
 * updates it with {@link #after} between them.
 *
 * @param refundedMinor what the refunds credited, in the transaction's currency; never negative
 */
public record Undone(boolean reversed, long refundedMinor) {

  /** Nothing has undone the transaction. */
  public static final Undone NOTHING = new Undone(false, 0);

  public Undone {
    if (refundedMinor < 0) {
      throw new IllegalArgumentException("refunded " + refundedMinor);
    }
  }

  /** This state once {@code undo}, a reversal or a refund of the transaction, has posted. */
  public Undone after(JournalTransaction undo) {
    if (undo.reversalOf().isPresent()) {
      return new Undone(true, refundedMinor);
    }
    if (undo.refundOf().isEmpty()) {
      throw new IllegalArgumentException(undo + " undoes nothing");
    }
    long paidBack =
        undo.postings().stream()
            .map(Posting::amount)
            .filter(amount -> amount.isPositive())
            .mapToLong(amount -> amount.amountMinor())
            .reduce(0, Math::addExact);
    return new Undone(reversed, Math.addExact(refundedMinor, paidBack));
  }
}
