package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.outbox.OutboxBacklog;

/** How far the relay is behind: for metrics and health. */
public interface OutboxBacklogQuery {

  /**
   * @return never {@code null}
   */
  OutboxBacklog backlog();
}
