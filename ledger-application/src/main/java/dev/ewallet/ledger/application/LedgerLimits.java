package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import java.util.Objects;

/**
 * Bounds on what one user or one request may do, and what a transfer pays.
 *
 * @param maxAccountsPerUser the most accounts one user may hold (merchant shards not counted)
 * @param amounts the most one deposit, transfer, withdrawal or hold may move, per currency
 * @param fees the fee a transfer between two wallets pays, per currency
 */
public record LedgerLimits(int maxAccountsPerUser, AmountLimits amounts, FeeSchedule fees) {

  public static final LedgerLimits DEFAULT = new LedgerLimits(20, AmountLimits.DEFAULT);

  /** Limits with no fees. */
  public LedgerLimits(int maxAccountsPerUser, AmountLimits amounts) {
    this(maxAccountsPerUser, amounts, FeeSchedule.NONE);
  }

  public LedgerLimits {
    Objects.requireNonNull(amounts, "amounts");
    Objects.requireNonNull(fees, "fees");
    if (maxAccountsPerUser < 1) {
      throw new IllegalArgumentException("maxAccountsPerUser must be positive");
    }
  }
}
