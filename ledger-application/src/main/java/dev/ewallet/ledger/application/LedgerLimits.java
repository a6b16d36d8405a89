package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.limits.AmountLimits;
import java.util.Objects;

/**
 * Bounds on what one user or one request may do.
 *
 * @param maxAccountsPerUser the most accounts one user may hold (merchant shards not counted)
 * @param amounts the most one deposit, transfer, withdrawal or hold may move, per currency
 */
public record LedgerLimits(int maxAccountsPerUser, AmountLimits amounts) {

  public static final LedgerLimits DEFAULT = new LedgerLimits(20, AmountLimits.DEFAULT);

  public LedgerLimits {
    Objects.requireNonNull(amounts, "amounts");
    if (maxAccountsPerUser < 1) {
      throw new IllegalArgumentException("maxAccountsPerUser must be positive");
    }
  }
}
