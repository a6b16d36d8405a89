package dev.ewallet.ledger.events.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class MonitorTriggeredRecordTest {

  /** The example of docs/events.md. */
  private static final String VALUE =
      """
      {"schemaVersion": 1, "eventId": "8d2c6f0e-5b1a-4c3e-9f7d-2a4b6c8d0e1f",
       "type": "balance.monitor.triggered", "occurredAt": "2026-12-07T09:30:00.123456Z",
       "accountId": 42, "currency": "VND", "monitorId": 7, "field": "balance",
       "operator": "<", "value": 1000, "before": 5000, "after": 900,
       "transactionId": "deee1952-e08b-439b-b0e3-e047942c40b7"}
      """;

  private static ConsumerRecord<String, String> record(String value) {
    return new ConsumerRecord<>(MonitorTriggeredRecord.TOPIC, 0, 9, "42", value);
  }

  @Test
  void aFiredMonitorIsReadWithThePostingThatCrossedIt() {
    assertThat(MonitorTriggeredRecord.from(record(VALUE)))
        .isEqualTo(
            new MonitorTriggeredRecord(
                1,
                UUID.fromString("8d2c6f0e-5b1a-4c3e-9f7d-2a4b6c8d0e1f"),
                Instant.parse("2026-12-07T09:30:00.123456Z"),
                42,
                "VND",
                7,
                "balance",
                "<",
                1_000,
                5_000,
                900,
                UUID.fromString("deee1952-e08b-439b-b0e3-e047942c40b7"),
                null,
                "42"));
  }

  @Test
  void aPendingInMonitorFiredByAnAnnouncementNamesThePendingDeposit() {
    String announced =
        VALUE
            .replace("\"field\": \"balance\"", "\"field\": \"pendingIn\"")
            .replace("\"transactionId\"", "\"pendingDepositId\"");

    MonitorTriggeredRecord fired = MonitorTriggeredRecord.from(record(announced));

    assertThat(fired.field()).isEqualTo("pendingIn");
    assertThat(fired.transactionId()).isNull();
    assertThat(fired.pendingDepositId())
        .isEqualTo(UUID.fromString("deee1952-e08b-439b-b0e3-e047942c40b7"));
  }

  @Test
  void aRecordOfAnotherTypeIsRefused() {
    assertThatThrownBy(
            () -> MonitorTriggeredRecord.from(record(VALUE.replace("balance.monitor", "x"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("offset 9");
  }
}
