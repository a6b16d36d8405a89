package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import java.util.ArrayList;
import java.util.List;

/** The audit trail in memory; written outside units of work, as the real adapter's is. */
public final class InMemoryAuditTrail implements AuditTrail {

  private final List<AuditRecord> records = new ArrayList<>();

  @Override
  public synchronized void append(List<AuditEvent> events) {
    events.forEach(event -> records.add(new AuditRecord(records.size() + 1, event)));
  }

  @Override
  public synchronized List<AuditRecord> find(AuditFilter filter, Long beforeId, int limit) {
    return records.reversed().stream()
        .filter(r -> beforeId == null || r.id() < beforeId)
        .filter(
            r -> filter.accountId() == null || r.event().accountIds().contains(filter.accountId()))
        .filter(r -> filter.actor() == null || filter.actor().equals(r.event().actor()))
        .filter(r -> filter.from() == null || !r.event().occurredAt().isBefore(filter.from()))
        .filter(r -> filter.to() == null || r.event().occurredAt().isBefore(filter.to()))
        .limit(limit)
        .toList();
  }
}
