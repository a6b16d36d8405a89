package dev.ewallet.ledger.domain.bankflow;

import java.util.Objects;

/**
 * A pending deposit as an announcement left it, and whether an earlier request with the same
 * idempotency key announced it (a replay).
 */
public record AnnouncedDeposit(PendingDeposit deposit, boolean replayed) {

  public AnnouncedDeposit {
    Objects.requireNonNull(deposit, "deposit");
  }
}
