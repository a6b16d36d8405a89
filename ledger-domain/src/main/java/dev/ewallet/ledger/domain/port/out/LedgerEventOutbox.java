package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.monitor.MonitorTriggered;
import java.util.List;

/**
 * The transactional outbox: events appended here commit or roll back with the posting, and a relay
 * delivers them later, at least once.
 */
public interface LedgerEventOutbox {

  /**
   * Appends many events in one statement, in order, in the current unit of work.
   *
   * @param events never {@code null}
   */
  void appendAll(List<LedgerEvent> events);

  /**
   * Appends the events of the monitors a posting fired, in one statement, in order, in the current
   * unit of work: after the events of the postings that fired them.
   *
   * @param events never {@code null}
   */
  void appendMonitorEvents(List<MonitorTriggered> events);

  /**
   * Appends the events of wallets frozen or unfrozen, in one statement, in order, in the current
   * unit of work.
   *
   * @param events never {@code null}
   */
  void appendStatusChanges(List<AccountStatusChanged> events);
}
