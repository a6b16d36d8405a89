package dev.ewallet.ledger.events.client;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import tools.jackson.databind.JsonNode;

/** The event id of a record, which its {@code ledger-event-id} header must agree with. */
final class EventIds {

  static final String HEADER = "ledger-event-id";

  private EventIds() {}

  static UUID of(JsonNode value, ConsumerRecord<String, String> record) {
    UUID eventId = UUID.fromString(value.get("eventId").asText());
    Header header = record.headers().lastHeader(HEADER);
    if (header != null
        && !eventId.toString().equals(new String(header.value(), StandardCharsets.UTF_8))) {
      throw new IllegalArgumentException("event id header and body disagree at " + record.offset());
    }
    return eventId;
  }
}
