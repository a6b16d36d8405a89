package dev.ewallet.ledger.domain.port.in;

/** The audit writer: turns the events recorded since the last flush into one append. */
public interface FlushAuditEventsUseCase {

  /**
   * @param command never {@code null}
   * @return how many events were written
   */
  int flush(FlushAuditEventsCommand command);
}
