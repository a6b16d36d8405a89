package dev.ewallet.ledger.domain.port.in;

/**
 * The inbound adapter notes every state-changing request, refused ones included. Recording never
 * blocks the request: events are written in batches, off the request path.
 */
public interface RecordAuditEventUseCase {

  /**
   * @param command never {@code null}
   */
  void record(RecordAuditEventCommand command);
}
