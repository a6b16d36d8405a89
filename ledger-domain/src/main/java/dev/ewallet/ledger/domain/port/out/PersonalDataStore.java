package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.DetailsErasure;
import java.time.Instant;

/**
 * Where a user's free text lives, for erasing it: the details of every transaction with an entry on
 * one of the user's accounts (merchant shards included), and of the pending deposits and scheduled
 * transfers of those accounts.
 */
public interface PersonalDataStore {

  /**
   * Erases the user's personal data as {@link DetailsErasure} states and records the erasure
   * (append-only). Transactions erased before are left as they are, so a second erasure of the same
   * user erases only what arrived since, and records that.
   *
   * @param requestedBy the principal id of the operator who asked
   */
  DetailsErasure eraseDetailsOf(long userId, long requestedBy, Instant at);
}
