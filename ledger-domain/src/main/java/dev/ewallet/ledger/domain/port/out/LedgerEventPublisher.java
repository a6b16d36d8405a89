package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import java.util.List;

/** The message broker side of the outbox: at-least-once delivery of stored events. */
public interface LedgerEventPublisher {

  /**
   * Sends every message, one record per key of each ({@link OutboxMessage#keys()}), in the given
   * order, and returns only once the broker has acknowledged all of them.
   *
   * @param messages never {@code null}; in ascending outbox id
   * @throws RuntimeException when any record could not be delivered; some may have been, so the
   *     caller sends the whole batch again later and consumers drop the duplicates
   */
  void publish(List<OutboxMessage> messages);
}
