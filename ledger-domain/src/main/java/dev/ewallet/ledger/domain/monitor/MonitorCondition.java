package dev.ewallet.ledger.domain.monitor;

import java.util.Objects;

/**
 * What a monitor waits for: {@code <field> <operator> <value>}, e.g. {@code balance < 1000}, the
 * value in the account currency's minor units.
 */
public record MonitorCondition(MonitorField field, MonitorOperator operator, long value) {

  public MonitorCondition {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(operator, "operator");
  }

  /** Whether the condition holds when the watched field is {@code amount}. */
  public boolean holdsAt(long amount) {
    return operator.holds(amount, value);
  }

  @Override
  public String toString() {
    return field.wireName() + " " + operator.symbol() + " " + value;
  }
}
