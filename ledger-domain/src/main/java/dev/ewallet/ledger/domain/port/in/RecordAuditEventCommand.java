package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.audit.AuditEvent;

/** Note one state-changing request in the audit trail. */
public record RecordAuditEventCommand(AuditEvent event) {

  public RecordAuditEventCommand {
    CommandChecks.present(event, "event");
  }
}
