package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.monitor.BalanceMonitor;

/** Sets a balance monitor on a wallet (its owner or an operator). */
public interface SetMonitorUseCase {

  /**
   * Sets the monitor with the account locked, so that no posting passes between reading the current
   * amount and storing the monitor. A condition that already holds does not fire: the answer's
   * {@code conditionMet} says so, and the monitor fires once it has become false and then true
   * again.
   *
   * @throws dev.ewallet.ledger.domain.error.TooManyMonitorsException when the account has the most
   *     monitors one account may have
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for a caller who neither owns the
   *     wallet nor is an operator, or an account that is no wallet
   */
  BalanceMonitor set(SetMonitorCommand command);
}
