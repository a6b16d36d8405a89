package dev.ewallet.ledger.events.client;

import java.sql.Connection;
import java.sql.SQLException;

/** What a consuming service does with each event, once. */
@FunctionalInterface
public interface LedgerEventHandler {

  /**
   * Handles one event. Writes made through {@code transaction} commit together with the record that
   * marks the event processed, so the effect happens exactly once even though delivery is at least
   * once.
   *
   * @param event never {@code null}
   * @param transaction the consumer's open database transaction; do not commit or close it
   */
  void handle(LedgerEventRecord event, Connection transaction) throws SQLException;
}
