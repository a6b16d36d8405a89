package dev.ewallet.ledger.domain.port.in;

/** The outbox relay: publishes posted transactions' events to the broker, at least once. */
public interface RelayOutboxUseCase {

  /**
   * Publishes the next batch of waiting events and marks them published in the same database
   * transaction that locked them.
   *
   * @param command never {@code null}
   * @return how many events were published; 0 when none waits or another relay holds the batch
   * @throws RuntimeException when the broker did not acknowledge the batch; nothing is marked, so
   *     the batch is sent again on the next call (duplicates only, never a loss)
   */
  int relay(RelayOutboxCommand command);
}
