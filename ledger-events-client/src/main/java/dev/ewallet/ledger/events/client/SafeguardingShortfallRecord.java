package dev.ewallet.ledger.events.client;

import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A safeguarding shortfall as consumers receive it from topic {@value #TOPIC} (schema version 1,
 * docs/events.md): the bank's closing balance of the safeguarding account on an end-of-day
 * statement was less than the ledger expected. Announced once per statement. Every amount is in
 * minor units of {@code currency}; {@code difference} is negative.
 *
 * @param key the record key: the currency
 * @param account the safeguarding account's number at the bank
 */
public record SafeguardingShortfallRecord(
    int schemaVersion,
    UUID eventId,
    Instant occurredAt,
    String currency,
    String account,
    String statementMessageId,
    String statementId,
    long bankClosing,
    long customerBalances,
    long heldAmounts,
    long payoutsInTransit,
    long unpostedCredits,
    long expectedAtBank,
    long difference,
    String key) {

  /** The topic the ledger publishes safeguarding shortfalls to. */
  public static final String TOPIC = "ledger.safeguarding";

  /** The event's {@code type}. */
  public static final String TYPE = "safeguarding.shortfall";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Parses a record's value; the event id header, when present, must agree with the body. */
  public static SafeguardingShortfallRecord from(ConsumerRecord<String, String> record) {
    JsonNode root = JSON.readTree(record.value());
    if (!TYPE.equals(root.path("type").asText())) {
      throw new IllegalArgumentException(
          "not a " + TYPE + " event at offset " + record.offset() + ": " + root.path("type"));
    }
    UUID eventId = EventIds.of(root, record);
    JsonNode statement = root.get("statement");
    return new SafeguardingShortfallRecord(
        root.get("schemaVersion").asInt(),
        eventId,
        Instant.parse(root.get("occurredAt").asText()),
        root.get("currency").asText(),
        root.get("account").asText(),
        statement.get("messageId").asText(),
        statement.get("statementId").asText(),
        root.get("bankClosing").asLong(),
        root.get("customerBalances").asLong(),
        root.get("heldAmounts").asLong(),
        root.get("payoutsInTransit").asLong(),
        root.get("unpostedCredits").asLong(),
        root.get("expectedAtBank").asLong(),
        root.get("difference").asLong(),
        record.key());
  }
}
