package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.audit.AuditBacklog;
import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.port.in.AuditBacklogQuery;
import dev.ewallet.ledger.domain.port.in.AuditEventsQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.FlushAuditEventsCommand;
import dev.ewallet.ledger.domain.port.in.FlushAuditEventsUseCase;
import dev.ewallet.ledger.domain.port.in.RecordAuditEventCommand;
import dev.ewallet.ledger.domain.port.in.RecordAuditEventUseCase;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The audit trail. Recording only queues the event, so a request never waits for the audit write; a
 * writer (a scheduled flush) appends what is queued in one statement. Events a failed write could
 * not store go back to the head of the queue, in order. Past {@value #MAX_PENDING} waiting events
 * (the database unreachable for long) new ones are dropped and counted rather than let the queue
 * exhaust memory. An event recorded in the last moments before a crash may be lost; the journal
 * itself (with each posting's principal and key) is never.
 */
public final class AuditService
    implements RecordAuditEventUseCase,
        FlushAuditEventsUseCase,
        AuditEventsQuery,
        AuditBacklogQuery {

  static final int MAX_PENDING = 100_000;

  private final AuditTrail trail;
  private final ConcurrentLinkedDeque<AuditEvent> pending = new ConcurrentLinkedDeque<>();
  private final AtomicInteger pendingCount = new AtomicInteger();
  private final AtomicLong dropped = new AtomicLong();

  AuditService(AuditTrail trail) {
    this.trail = trail;
  }

  @Override
  public void record(RecordAuditEventCommand command) {
    if (pendingCount.incrementAndGet() > MAX_PENDING) {
      pendingCount.decrementAndGet();
      dropped.incrementAndGet();
      return;
    }
    pending.addLast(command.event());
  }

  @Override
  public synchronized int flush(FlushAuditEventsCommand command) {
    List<AuditEvent> batch = new ArrayList<>();
    AuditEvent next;
    while (batch.size() < command.maxEvents() && (next = pending.pollFirst()) != null) {
      batch.add(next);
    }
    if (batch.isEmpty()) {
      return 0;
    }
    try {
      trail.append(batch);
    } catch (RuntimeException failed) {
      for (int i = batch.size() - 1; i >= 0; i--) {
        pending.addFirst(batch.get(i));
      }
      throw failed;
    }
    pendingCount.addAndGet(-batch.size());
    return batch.size();
  }

  @Override
  public List<AuditRecord> auditEvents(
      Caller caller, AuditFilter filter, Long beforeId, int limit) {
    caller.requireOperator();
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new InvalidRequestException("limit must be 1 to " + MAX_LIMIT);
    }
    return trail.find(filter, beforeId, limit);
  }

  @Override
  public AuditBacklog auditBacklog() {
    return new AuditBacklog(pendingCount.get(), dropped.get());
  }
}
