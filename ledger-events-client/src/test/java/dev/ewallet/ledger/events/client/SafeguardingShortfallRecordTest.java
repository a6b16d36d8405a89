package dev.ewallet.ledger.events.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class SafeguardingShortfallRecordTest {

  private static final UUID EVENT = UUID.fromString("0b8f5a52-1c2e-4f55-9d1e-7f0f3d2b6a10");

  /** The example of docs/events.md. */
  private static final String VALUE =
      """
      {"schemaVersion": 1, "eventId": "0b8f5a52-1c2e-4f55-9d1e-7f0f3d2b6a10",
       "type": "safeguarding.shortfall", "occurredAt": "2026-12-06T06:15:02.114Z",
       "currency": "EUR", "account": "DE89370400440532013000",
       "statement": {"messageId": "CAMT053-20261205", "statementId": "STMT-20261205"},
       "bankClosing": 1050000, "customerBalances": 900000, "heldAmounts": 50000,
       "payoutsInTransit": 80000, "unpostedCredits": 30000, "expectedAtBank": 1060000,
       "difference": -10000}
      """;

  private static ConsumerRecord<String, String> record(String value) {
    return new ConsumerRecord<>(SafeguardingShortfallRecord.TOPIC, 0, 42, "EUR", value);
  }

  @Test
  void aShortfallIsReadWithEveryTerm() {
    SafeguardingShortfallRecord shortfall = SafeguardingShortfallRecord.from(record(VALUE));

    assertThat(shortfall)
        .isEqualTo(
            new SafeguardingShortfallRecord(
                1,
                EVENT,
                Instant.parse("2026-12-06T06:15:02.114Z"),
                "EUR",
                "DE89370400440532013000",
                "CAMT053-20261205",
                "STMT-20261205",
                1_050_000,
                900_000,
                50_000,
                80_000,
                30_000,
                1_060_000,
                -10_000,
                "EUR"));
  }

  @Test
  void aRecordOfAnotherTypeOrWhoseHeaderDisagreesIsRefused() {
    assertThatThrownBy(
            () -> SafeguardingShortfallRecord.from(record(VALUE.replace("safeguarding.", "x."))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("offset 42");
    ConsumerRecord<String, String> forged = record(VALUE);
    forged
        .headers()
        .add(EventIds.HEADER, UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> SafeguardingShortfallRecord.from(forged))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("disagree");
  }
}
