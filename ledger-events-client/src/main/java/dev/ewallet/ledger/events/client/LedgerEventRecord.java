package dev.ewallet.ledger.events.client;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A ledger event as consumers receive it (schema version 1, docs/events.md).
 *
 * @param key the record key: the id of the account whose stream this copy belongs to
 * @param reversalOf the original transaction for a reversal, otherwise {@code null}
 * @param detailsDigest the digest of the transaction's details its entries' links commit to (the
 *     hash chain's version 2), or {@code null} in events of transactions posted before it
 */
public record LedgerEventRecord(
    int schemaVersion,
    UUID eventId,
    UUID transactionId,
    String type,
    UUID reversalOf,
    Instant occurredAt,
    String currency,
    List<Entry> entries,
    String key,
    String detailsDigest) {

  /**
   * One account's side of the transaction: signed amount, the balance it left, and its link of the
   * account's hash chain ({@code null} in events published before the chain existed).
   */
  public record Entry(long accountId, long amount, long balanceAfter, String hash) {}

  private static final JsonMapper JSON = JsonMapper.builder().build();

  public LedgerEventRecord {
    entries = List.copyOf(entries);
  }

  /** Parses a record's value; the event id header, when present, must agree with the body. */
  public static LedgerEventRecord from(ConsumerRecord<String, String> record) {
    JsonNode root = JSON.readTree(record.value());
    List<Entry> entries = new ArrayList<>();
    root.get("entries")
        .forEach(e ->
            entries.add(
                new Entry(
                    e.get("accountId").asLong(),
                    e.get("amount").asLong(),
                    e.get("balanceAfter").asLong(),
                    e.hasNonNull("hash") ? e.get("hash").asText() : null)));
    UUID eventId = EventIds.of(root, record);
    JsonNode reversalOf = root.get("reversalOf");
    return new LedgerEventRecord(
        root.get("schemaVersion").asInt(),
        eventId,
        UUID.fromString(root.get("transactionId").asText()),
        root.get("type").asText(),
        reversalOf == null || reversalOf.isNull() ? null : UUID.fromString(reversalOf.asText()),
        Instant.parse(root.get("occurredAt").asText()),
        root.get("currency").asText(),
        entries,
        record.key(),
        root.hasNonNull("detailsDigest") ? root.get("detailsDigest").asText() : null);
  }
}
