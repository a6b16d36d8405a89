package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.movement.ClosedWalletCredits;
import dev.ewallet.ledger.domain.movement.PostingRules;
import java.util.Objects;

/**
 * Bounds on what one user or one request may do, and what a transfer pays.
 *
 * @param maxAccountsPerUser the most accounts one user may hold (merchant shards not counted)
 * @param amounts the most one deposit, transfer, withdrawal or hold may move, per currency
 * @param fees the fee a transfer between two wallets pays, per currency
 * @param outgoing the default daily and monthly outgoing limits of a wallet, per currency
 * @param closedCredits what becomes of money arriving for a closed wallet
 */
public record LedgerLimits(
    int maxAccountsPerUser,
    AmountLimits amounts,
    FeeSchedule fees,
    OutgoingLimits outgoing,
    ClosedWalletCredits closedCredits) {

  public static final LedgerLimits DEFAULT = new LedgerLimits(20, AmountLimits.DEFAULT);

  /** Limits with no fees and no default outgoing limits. */
  public LedgerLimits(int maxAccountsPerUser, AmountLimits amounts) {
    this(maxAccountsPerUser, amounts, FeeSchedule.NONE, OutgoingLimits.NONE);
  }

  /** Limits that keep money arriving for a closed wallet in suspense. */
  public LedgerLimits(
      int maxAccountsPerUser, AmountLimits amounts, FeeSchedule fees, OutgoingLimits outgoing) {
    this(maxAccountsPerUser, amounts, fees, outgoing, ClosedWalletCredits.SUSPENSE);
  }

  /** The rules every movement is planned under. */
  public PostingRules postingRules() {
    return new PostingRules(amounts, fees, closedCredits);
  }

  public LedgerLimits {
    Objects.requireNonNull(amounts, "amounts");
    Objects.requireNonNull(fees, "fees");
    Objects.requireNonNull(outgoing, "outgoing");
    Objects.requireNonNull(closedCredits, "closedCredits");
    if (maxAccountsPerUser < 1) {
      throw new IllegalArgumentException("maxAccountsPerUser must be positive");
    }
  }
}
