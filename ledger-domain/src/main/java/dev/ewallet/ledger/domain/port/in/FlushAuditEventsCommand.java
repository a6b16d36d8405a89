package dev.ewallet.ledger.domain.port.in;

/** Write the audit events recorded so far, at most {@code maxEvents} in one write. */
public record FlushAuditEventsCommand(int maxEvents) {

  public FlushAuditEventsCommand {
    if (maxEvents < 1 || maxEvents > 10_000) {
      throw new IllegalArgumentException("maxEvents must be 1 to 10000");
    }
  }
}
