package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.movement.PostingPlan;
import java.util.List;

/**
 * A request of the batch whose movement passed every rule on the rows as locked: its plan and what
 * its postings do to their accounts, one change per posting, in the plan's order, and the digest of
 * its details that their links commit to, computed once for the journal, the chain and the event.
 */
record PassedRequest(
    PostingRequest request,
    PostingPlan plan,
    List<BalanceChange> changes,
    DetailsDigest detailsDigest) {

  PassedRequest {
    changes = List.copyOf(changes);
    if (changes.size() != plan.transaction().postings().size()) {
      throw new IllegalStateException(
          changes.size() + " balance changes for " + plan.transaction());
    }
  }

  JournalTransaction transaction() {
    return plan.transaction();
  }
}
