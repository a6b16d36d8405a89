package dev.ewallet.ledger.domain.port.in;

import java.time.Instant;
import java.util.Optional;

/** How long the bank has kept a withdrawal waiting: for metrics and health. */
public interface OldestPendingWithdrawalQuery {

  /** When the oldest pending withdrawal was requested; empty when none is pending. */
  Optional<Instant> oldestPendingSince();
}
