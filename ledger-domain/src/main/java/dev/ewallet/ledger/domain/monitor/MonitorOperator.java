package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Arrays;

/** How a monitor compares the watched amount with its value. */
public enum MonitorOperator {
  LESS_THAN("<"),
  AT_MOST("<="),
  GREATER_THAN(">"),
  AT_LEAST(">="),
  EQUAL_TO("=");

  private final String symbol;

  MonitorOperator(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }

  /** Whether {@code amount <operator> value} holds. */
  public boolean holds(long amount, long value) {
    return switch (this) {
      case LESS_THAN -> amount < value;
      case AT_MOST -> amount <= value;
      case GREATER_THAN -> amount > value;
      case AT_LEAST -> amount >= value;
      case EQUAL_TO -> amount == value;
    };
  }

  /**
   * The operator of this symbol.
   *
   * @throws InvalidRequestException for any other symbol
   */
  public static MonitorOperator fromSymbol(String symbol) {
    return switch (symbol) {
      case "<" -> LESS_THAN;
      case "<=" -> AT_MOST;
      case ">" -> GREATER_THAN;
      case ">=" -> AT_LEAST;
      case "=" -> EQUAL_TO;
      case null, default ->
          throw new InvalidRequestException(
              "operator must be one of "
                  + Arrays.stream(values()).map(MonitorOperator::symbol).toList()
                  + ", got "
                  + symbol);
    };
  }
}
