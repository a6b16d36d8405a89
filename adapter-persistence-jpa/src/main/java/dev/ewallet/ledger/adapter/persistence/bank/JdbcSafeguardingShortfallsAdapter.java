package dev.ewallet.ledger.adapter.persistence.bank;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.adapter.persistence.outbox.WebhookFanOut;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.bank.SafeguardingShortfall;
import dev.ewallet.ledger.domain.port.out.SafeguardingShortfalls;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records a shortfall in {@code safeguarding_shortfall} and its event in {@code outbox_event} in
 * one statement: the event row is written only when the shortfall row is, and the statement's
 * primary key lets one shortfall per statement in, whichever instance checks first. The relay
 * publishes the event to {@value #TOPIC}, keyed by currency, so one currency's shortfalls arrive in
 * order (docs/events.md); the payload is schema version {@value #SCHEMA_VERSION}.
 */
@Repository
class JdbcSafeguardingShortfallsAdapter implements SafeguardingShortfalls {

  static final String TOPIC = "ledger.safeguarding";
  static final int SCHEMA_VERSION = 1;
  static final String TYPE = "safeguarding.shortfall";

  private static final String RECORD_ONCE =
      WebhookFanOut.appendAndFanOut(
          "recorded AS ("
              + " INSERT INTO safeguarding_shortfall (statement_id, currency, bank_closing,"
              + " expected_at_bank, difference, event_id, detected_at)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (statement_id) DO NOTHING"
              + " RETURNING event_id, detected_at, currency),",
          "INSERT INTO outbox_event (event_id, topic, payload, created_at, record_key)"
              + " SELECT event_id, ?, ?::jsonb, detected_at, currency FROM recorded");

  private final JdbcClient jdbc;
  private final JsonMapper json;

  JdbcSafeguardingShortfallsAdapter(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  @Override
  public boolean recordOnce(SafeguardingShortfall shortfall) {
    SafeguardingCheck check = shortfall.check();
    return jdbc.sql(RECORD_ONCE)
            .params(
                check.statement().id(),
                check.currency().value(),
                check.bankClosing().amountMinor(),
                check.expectedAtBank().amountMinor(),
                check.difference().amountMinor(),
                shortfall.eventId(),
                SqlTypes.timestamp(shortfall.detectedAt()),
                TOPIC,
                json.writeValueAsString(payload(shortfall)))
            .query(Long.class)
            .single()
        == 1;
  }

  private static Map<String, Object> payload(SafeguardingShortfall shortfall) {
    SafeguardingCheck check = shortfall.check();
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("schemaVersion", SCHEMA_VERSION);
    payload.put("eventId", shortfall.eventId().toString());
    payload.put("type", TYPE);
    payload.put("occurredAt", shortfall.detectedAt().toString());
    payload.put("currency", check.currency().value());
    payload.put("account", check.account().number().value());
    payload.put(
        "statement",
        Map.of(
            "messageId", check.statement().messageId(),
            "statementId", check.statement().statementId()));
    payload.put("bankClosing", check.bankClosing().amountMinor());
    payload.put("customerBalances", check.customerBalances().amountMinor());
    payload.put("heldAmounts", check.heldAmounts().amountMinor());
    payload.put("payoutsInTransit", check.payoutsInTransit().amountMinor());
    payload.put("unpostedCredits", check.unpostedCredits().amountMinor());
    payload.put("expectedAtBank", check.expectedAtBank().amountMinor());
    payload.put("difference", check.difference().amountMinor());
    return payload;
  }
}
