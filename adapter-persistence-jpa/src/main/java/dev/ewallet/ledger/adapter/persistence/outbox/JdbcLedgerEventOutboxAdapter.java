package dev.ewallet.ledger.adapter.persistence.outbox;

import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorTriggered;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes each posted transaction's event, and each fired monitor's, into {@code outbox_event} in
 * the posting's own database transaction, with their webhook deliveries ({@link WebhookFanOut}). A
 * relay publishes the rows later (at least once); the payload is the event contract that consumers
 * read, version {@value #SCHEMA_VERSION}.
 */
@Repository
class JdbcLedgerEventOutboxAdapter implements LedgerEventOutbox {

  static final int SCHEMA_VERSION = 1;

  private static final String APPEND_ALL =
      WebhookFanOut.appendAndFanOut(
          "",
          "INSERT INTO outbox_event (event_id, topic, payload, created_at, trace_parent,"
              + " record_key)"
              + " SELECT v.event_id::uuid, ?, v.payload::jsonb, v.created_at::timestamptz,"
              + " v.trace, v.record_key"
              + " FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[])"
              + " WITH ORDINALITY AS v(event_id, payload, created_at, trace, record_key, position)"
              + " ORDER BY v.position");

  /**
   * Monitor events go to a topic of their own, keyed by the account, so that consumers of {@value
   * #TOPIC} meet no new type; each carries the transaction that fired it.
   */
  static final String MONITOR_TOPIC = "ledger.monitors";

  /** Freezes and their lifting, keyed by the account. */
  static final String ACCOUNTS_TOPIC = "ledger.accounts";

  private final JdbcClient jdbc;
  private final JsonMapper json;

  JdbcLedgerEventOutboxAdapter(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  @Override
  public void appendAll(List<LedgerEvent> events) {
    append(
        TOPIC,
        events.stream().map(e -> e.eventId().toString()).toArray(String[]::new),
        events.stream().map(e -> json.writeValueAsString(payload(e))).toArray(String[]::new),
        events.stream().map(e -> e.occurredAt().toString()).toArray(String[]::new),
        events.stream().map(e -> e.trace().traceparent()).toArray(String[]::new),
        new String[events.size()]);
  }

  @Override
  public void appendMonitorEvents(List<MonitorTriggered> events) {
    append(
        MONITOR_TOPIC,
        events.stream().map(e -> e.eventId().toString()).toArray(String[]::new),
        events.stream().map(e -> json.writeValueAsString(payload(e))).toArray(String[]::new),
        events.stream().map(e -> e.occurredAt().toString()).toArray(String[]::new),
        events.stream().map(e -> e.trace().traceparent()).toArray(String[]::new),
        events.stream().map(e -> e.monitor().accountId().toString()).toArray(String[]::new));
  }

  @Override
  public void appendStatusChanges(List<AccountStatusChanged> events) {
    append(
        ACCOUNTS_TOPIC,
        events.stream().map(e -> e.eventId().toString()).toArray(String[]::new),
        events.stream().map(e -> json.writeValueAsString(payload(e))).toArray(String[]::new),
        events.stream().map(e -> e.occurredAt().toString()).toArray(String[]::new),
        new String[events.size()],
        events.stream().map(e -> e.accountId().toString()).toArray(String[]::new));
  }

  private void append(
      String topic,
      String[] eventIds,
      String[] payloads,
      String[] times,
      String[] traces,
      String[] recordKeys) {
    jdbc.sql(APPEND_ALL)
        .params(topic, eventIds, payloads, times, traces, recordKeys)
        .query(Long.class)
        .single();
  }

  private static Map<String, Object> payload(AccountStatusChanged event) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("schemaVersion", SCHEMA_VERSION);
    payload.put("eventId", event.eventId().toString());
    payload.put("type", AccountStatusChanged.TYPE);
    payload.put("occurredAt", event.occurredAt().toString());
    payload.put("accountId", event.accountId().value());
    payload.put("previousStatus", event.previous().name());
    payload.put("status", event.status().name());
    payload.put("reason", event.reason());
    payload.put("changedBy", event.changedBy());
    return payload;
  }

  private static Map<String, Object> payload(MonitorTriggered event) {
    BalanceMonitor monitor = event.monitor();
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("schemaVersion", SCHEMA_VERSION);
    payload.put("eventId", event.eventId().toString());
    payload.put("type", MonitorTriggered.TYPE);
    payload.put("occurredAt", event.occurredAt().toString());
    payload.put("accountId", monitor.accountId().value());
    payload.put("currency", event.after().currency().value());
    payload.put("monitorId", monitor.id());
    payload.put("field", monitor.condition().field().wireName());
    payload.put("operator", monitor.condition().operator().symbol());
    payload.put("value", monitor.condition().value());
    payload.put("before", event.before().amountMinor());
    payload.put("after", event.after().amountMinor());
    if (event.transactionId() != null) {
      payload.put("transactionId", event.transactionId().toString());
    } else {
      payload.put("pendingDepositId", event.pendingDepositId().toString());
    }
    return payload;
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
    if (event.detailsDigest() != null) {
      payload.put("detailsDigest", event.detailsDigest().hex());
    }
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
