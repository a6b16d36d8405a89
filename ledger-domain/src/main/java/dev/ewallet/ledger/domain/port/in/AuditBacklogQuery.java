package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.audit.AuditBacklog;

/** How far the audit writer is behind: for metrics. */
public interface AuditBacklogQuery {

  /** Never {@code null}. */
  AuditBacklog auditBacklog();
}
