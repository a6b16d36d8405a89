package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import java.util.List;

/** The audit trail, for operators only, newest first, keyset-paginated. */
public interface AuditEventsQuery {

  int MAX_LIMIT = 100;

  /**
   * @param caller never {@code null}; must be an operator
   * @param filter never {@code null}
   * @param beforeId only events older than this one; {@code null} for the newest page
   * @param limit 1 to {@link #MAX_LIMIT}
   * @return never {@code null}
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for a non-operator
   */
  List<AuditRecord> auditEvents(Caller caller, AuditFilter filter, Long beforeId, int limit);
}
