package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import java.util.Objects;

/**
 * The configured rules every movement is planned under: the largest amount one transaction may
 * move, the fee transfers pay, and what becomes of money arriving for a closed wallet. Outgoing
 * limits are per wallet and read with its lock; the posting path applies them to every plan ({@link
 * PostingPlan#allowancesAfter}), and the closed-wallet policy too ({@link
 * ClosedWalletCredits#applyTo}).
 */
public record PostingRules(AmountLimits amounts, FeeSchedule fees, ClosedWalletCredits closed) {

  public static final PostingRules DEFAULT =
      new PostingRules(AmountLimits.DEFAULT, FeeSchedule.NONE);

  public PostingRules {
    Objects.requireNonNull(amounts, "amounts");
    Objects.requireNonNull(fees, "fees");
    Objects.requireNonNull(closed, "closed");
  }

  /** Rules that keep money arriving for a closed wallet in suspense, the default policy. */
  public PostingRules(AmountLimits amounts, FeeSchedule fees) {
    this(amounts, fees, ClosedWalletCredits.SUSPENSE);
  }
}
