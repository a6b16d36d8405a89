package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.LedgerEvent;

/**
 * The transactional outbox: events appended here commit or roll back with the posting, and a relay
 * delivers them later, at least once.
 */
public interface LedgerEventOutbox {

  /**
   * Appends the event in the current unit of work.
   *
   * @param event never {@code null}
   */
  void append(LedgerEvent event);
}
