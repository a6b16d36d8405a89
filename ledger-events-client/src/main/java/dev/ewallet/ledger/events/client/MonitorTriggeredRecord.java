package dev.ewallet.ledger.events.client;

import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A balance monitor that fired, as consumers receive it from topic {@value #TOPIC} (schema version
 * 1, docs/events.md): the posting {@code transactionId} (or, for a {@code pendingIn} monitor, the
 * announcement or failure of pending deposit {@code pendingDepositId}) moved the account's watched
 * amount from {@code before} to {@code after}, making {@code <field> <operator> <value>} true while
 * it was false. Amounts are in minor units of {@code currency}.
 *
 * @param field {@code balance}, {@code heldAmount} or {@code pendingIn}
 * @param transactionId the posting; {@code null} when a pending deposit's change that posts nothing
 *     fired it
 * @param pendingDepositId that pending deposit; {@code null} when a posting fired it
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
    UUID pendingDepositId,
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
        uuidOrNull(root, "transactionId"),
        uuidOrNull(root, "pendingDepositId"),
        record.key());
  }

  private static UUID uuidOrNull(JsonNode root, String name) {
    JsonNode value = root.get(name);
    return value == null || value.isNull() ? null : UUID.fromString(value.asText());
  }
}
