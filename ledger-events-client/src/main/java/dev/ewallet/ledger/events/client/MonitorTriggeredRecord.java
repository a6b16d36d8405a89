package dev.ewallet.ledger.events.client;

import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A balance monitor that fired, as consumers receive it from topic {@value #TOPIC} (schema version
 * 1, docs/events.md): the posting {@code transactionId} moved the account's watched amount from
 * {@code before} to {@code after}, making {@code <field> <operator> <value>} true while it was
 * false. Amounts are in minor units of {@code currency}.
 *
 * @param key the record key: the account's id
 */
public record MonitorTriggeredRecord(
    int schemaVersion,
    UUID eventId,
    Instant occurredAt,
    long accountId,
    String currency,
    long monitorId,
    String field,
    String operator,
    long value,
    long before,
    long after,
    UUID transactionId,
    String key) {

  /** The topic the ledger publishes fired monitors to, keyed by account. */
  public static final String TOPIC = "ledger.monitors";

  /** The event's {@code type}. */
  public static final String TYPE = "balance.monitor.triggered";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Parses a record's value; the event id header, when present, must agree with the body. */
  public static MonitorTriggeredRecord from(ConsumerRecord<String, String> record) {
    JsonNode root = JSON.readTree(record.value());
    if (!TYPE.equals(root.path("type").asText())) {
      throw new IllegalArgumentException(
          "not a " + TYPE + " event at offset " + record.offset() + ": " + root.path("type"));
    }
    return new MonitorTriggeredRecord(
        root.get("schemaVersion").asInt(),
        EventIds.of(root, record),
        Instant.parse(root.get("occurredAt").asText()),
        root.get("accountId").asLong(),
        root.get("currency").asText(),
        root.get("monitorId").asLong(),
        root.get("field").asText(),
        root.get("operator").asText(),
        root.get("value").asLong(),
        root.get("before").asLong(),
        root.get("after").asLong(),
        UUID.fromString(root.get("transactionId").asText()),
        record.key());
  }
}
