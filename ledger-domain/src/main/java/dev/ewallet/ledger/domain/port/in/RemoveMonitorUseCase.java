package dev.ewallet.ledger.domain.port.in;

/** Removes a balance monitor (the wallet's owner or an operator). */
public interface RemoveMonitorUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.MonitorNotFoundException when the account has no such
   *     monitor
   */
  void remove(RemoveMonitorCommand command);
}
