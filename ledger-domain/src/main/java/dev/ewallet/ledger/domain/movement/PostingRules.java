package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import java.util.Objects;

/**
 * The configured rules every movement is planned under: the largest amount one transaction may
 * move, and the fee transfers pay. Outgoing limits are per wallet and read with its lock; the
 * posting path applies them to every plan ({@link PostingPlan#allowancesAfter}).
 */
public record PostingRules(AmountLimits amounts, FeeSchedule fees) {

  public static final PostingRules DEFAULT =
      new PostingRules(AmountLimits.DEFAULT, FeeSchedule.NONE);

  public PostingRules {
    Objects.requireNonNull(amounts, "amounts");
    Objects.requireNonNull(fees, "fees");
  }
}
