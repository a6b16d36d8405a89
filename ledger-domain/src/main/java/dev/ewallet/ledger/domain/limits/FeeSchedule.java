package dev.ewallet.ledger.domain.limits;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Map;
import java.util.Objects;

/**
 * The fee rule of each currency whose transfers pay one; transfers in any other currency pay none.
 */
public record FeeSchedule(Map<CurrencyCode, FeeRule> rules) {

  public static final FeeSchedule NONE = new FeeSchedule(Map.of());

  public FeeSchedule {
    rules = Map.copyOf(rules);
  }

  /** Whether transfers in this currency pay a fee at all. */
  public boolean charges(CurrencyCode currency) {
    return rules.containsKey(Objects.requireNonNull(currency));
  }

  /** The fee a transfer of {@code amount} pays; zero in a currency without a rule. */
  public Money feeFor(Money amount) {
    FeeRule rule = rules.get(amount.currency());
    return rule == null ? Money.zero(amount.currency()) : rule.feeFor(amount);
  }
}
