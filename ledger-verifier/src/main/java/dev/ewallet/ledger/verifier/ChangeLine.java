package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.checkpoint.LeafChange;
import java.util.UUID;

/** One line of {@code GET /v1/checkpoints/{id}/changes}. */
public sealed interface ChangeLine {

  /** The first: the checkpoint and the one before it ({@code null} for the first checkpoint). */
  record Start(UUID checkpoint, UUID previous) implements ChangeLine {}

  /** An account whose leaf changed. */
  record Account(LeafChange change) implements ChangeLine {}

  /** One of the entries between the account's two leaves, in its chain's order. */
  record Entry(long accountId, Statement.Entry entry) implements ChangeLine {}
}
