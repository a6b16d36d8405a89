package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import java.util.List;

/** Where audit events are kept: append-only. No argument may be {@code null}. */
public interface AuditTrail {

  /** Appends the events in one write, in order. */
  void append(List<AuditEvent> events);

  /**
   * The events that match, newest first.
   *
   * @param beforeId only events with a smaller id; {@code null} for the newest
   * @param limit the most events to return, at least 1
   */
  List<AuditRecord> find(AuditFilter filter, Long beforeId, int limit);
}
