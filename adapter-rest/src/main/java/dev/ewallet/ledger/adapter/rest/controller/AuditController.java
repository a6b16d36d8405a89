package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AuditEventResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AuditEventsResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import dev.ewallet.ledger.domain.port.in.AuditEventsQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The audit trail for operators: every state-changing request, newest first. */
@Tag(name = "Audit")
@RestController
class AuditController {

  private static final int DEFAULT_LIMIT = 50;

  private final AuditEventsQuery auditEvents;

  AuditController(AuditEventsQuery auditEvents) {
    this.auditEvents = auditEvents;
  }

  @GetMapping("/v1/audit-events")
  AuditEventsResponse listAuditEvents(
      Caller caller,
      @RequestParam(required = false) Long accountId,
      @RequestParam(required = false) String actor,
      @RequestParam(required = false) Instant from,
      @RequestParam(required = false) Instant to,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? DEFAULT_LIMIT : limit;
    List<AuditRecord> page =
        auditEvents.auditEvents(
            caller,
            new AuditFilter(accountId, actor, from, to),
            RequestFields.beforeEntryId(cursor),
            size);
    String next = page.size() < size ? null : RequestFields.cursor(page.getLast().id());
    return new AuditEventsResponse(page.stream().map(AuditController::response).toList(), next);
  }

  private static AuditEventResponse response(AuditRecord record) {
    AuditEvent e = record.event();
    return new AuditEventResponse(
        record.id(),
        e.occurredAt(),
        e.actor(),
        e.operator(),
        e.tokenId(),
        e.issuer(),
        e.clientAddress(),
        e.method(),
        e.path(),
        e.idempotencyKey(),
        e.status(),
        e.code(),
        e.transactionId() == null ? null : e.transactionId().toString(),
        e.accountIds());
  }
}
