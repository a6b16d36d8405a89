package dev.ewallet.ledger.domain.audit;

import java.util.Objects;

/** An audit event as stored, with the id that orders the trail. */
public record AuditRecord(long id, AuditEvent event) {

  public AuditRecord {
    Objects.requireNonNull(event, "event");
  }
}
