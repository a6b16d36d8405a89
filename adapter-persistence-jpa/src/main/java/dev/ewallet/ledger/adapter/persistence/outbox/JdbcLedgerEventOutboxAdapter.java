package dev.ewallet.ledger.adapter.persistence.outbox;

import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes each posted transaction's event into {@code outbox_event} in the posting's own database
 * transaction. A relay publishes the rows later (at least once); the payload is the event contract
 * that consumers read, version {@value #SCHEMA_VERSION}.
 */
@Repository
class JdbcLedgerEventOutboxAdapter implements LedgerEventOutbox {

  static final int SCHEMA_VERSION = 1;

  private static final String APPEND_ALL =
      "INSERT INTO outbox_event (event_id, topic, payload, created_at, trace_parent)"
          + " SELECT v.event_id::uuid, ?, v.payload::jsonb, v.created_at::timestamptz, v.trace"
          + " FROM unnest(?::text[], ?::text[], ?::text[], ?::text[])"
          + " WITH ORDINALITY AS v(event_id, payload, created_at, trace, position)"
          + " ORDER BY v.position";

  private final JdbcClient jdbc;
  private final JsonMapper json;

  JdbcLedgerEventOutboxAdapter(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  @Override
  public void appendAll(List<LedgerEvent> events) {
    jdbc.sql(APPEND_ALL)
        .params(
            TOPIC,
            events.stream().map(e -> e.eventId().toString()).toArray(String[]::new),
            events.stream().map(e -> json.writeValueAsString(payload(e))).toArray(String[]::new),
            events.stream().map(e -> e.occurredAt().toString()).toArray(String[]::new),
            events.stream().map(e -> e.trace().traceparent()).toArray(String[]::new))
        .update();
  }

  /**
   * Every type goes to the seed's {@code wallet.transfers}: Kafka orders records only within one
   * partition of one topic, so one account's deposits, transfers and reversals must share a topic
   * to reach consumers in posting order (ADR 0005). Consumers tell the types apart by {@code type}.
   */
  static final String TOPIC = "wallet.transfers";

  private static Map<String, Object> payload(LedgerEvent event) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("schemaVersion", SCHEMA_VERSION);
    payload.put("eventId", event.eventId().toString());
    payload.put("transactionId", event.transactionId().toString());
    payload.put("type", event.type().name());
    payload.put("reversalOf", event.reversalOf() == null ? null : event.reversalOf().toString());
    if (event.refundOf() != null) {
      payload.put("refundOf", event.refundOf().toString());
    }
    payload.put("occurredAt", event.occurredAt().toString());
    payload.put("currency", event.changes().getFirst().amount().currency().value());
    payload.put(
        "entries", event.changes().stream().map(JdbcLedgerEventOutboxAdapter::entry).toList());
    return payload;
  }

  private static Map<String, Object> entry(BalanceChange change) {
    return Map.of(
        "accountId", change.accountId().value(),
        "currency", change.amount().currency().value(),
        "amount", change.amount().amountMinor(),
        "balanceAfter", change.balanceAfter().amountMinor(),
        "hash", change.hash().hex());
  }
}
