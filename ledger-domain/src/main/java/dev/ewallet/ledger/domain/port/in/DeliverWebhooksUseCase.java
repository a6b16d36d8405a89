package dev.ewallet.ledger.domain.port.in;

/**
 * The webhook deliverer: a round starts, for every endpoint with deliveries due that no other
 * instance is sending to, a task that sends them in order per account until none is due. Endpoints
 * never wait for each other (each has its own task), and posting never waits for any.
 */
public interface DeliverWebhooksUseCase {

  /**
   * @return how many endpoints' tasks this round started
   */
  int deliver(DeliverWebhooksCommand command);
}
