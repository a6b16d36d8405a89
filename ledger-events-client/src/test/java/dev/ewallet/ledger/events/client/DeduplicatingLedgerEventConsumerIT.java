package dev.ewallet.ledger.events.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The client library on its own, as another team would use it: records in, the team's own
 * PostgreSQL (a database this test creates and drops on the machine's server), no Spring, no pool.
 */
class DeduplicatingLedgerEventConsumerIT {

  private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
  private static final String DATABASE = "ledger_events_client_it";

  private static DataSource database;

  @BeforeAll
  static void createDatabase() throws SQLException {
    admin("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
    admin("CREATE DATABASE " + DATABASE);
    PGSimpleDataSource source = new PGSimpleDataSource();
    source.setUrl(SERVER + DATABASE);
    source.setUser("postgres");
    database = source;
  }

  @AfterAll
  static void dropDatabase() throws SQLException {
    admin("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
  }

  private static void admin(String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static ConsumerRecord<String, String> record(UUID eventId, long offset) {
    String value =
        """
        {"schemaVersion": 1, "eventId": "%s", "transactionId": "%s", "type": "TRANSFER",
         "reversalOf": null, "occurredAt": "2026-11-30T10:56:06.252402Z", "currency": "VND",
         "entries": [{"accountId": 1, "amount": -25000, "balanceAfter": 75000},
                     {"accountId": 2, "amount": 25000, "balanceAfter": 25000}]}
        """
            .formatted(eventId, UUID.randomUUID());
    ConsumerRecord<String, String> record =
        new ConsumerRecord<>("wallet.transfers", 0, offset, "1", value);
    record
        .headers()
        .add(
            new RecordHeader(
                "ledger-event-id", eventId.toString().getBytes(StandardCharsets.UTF_8)));
    return record;
  }

  @Test
  void aRedeliveredEventIsHandledOnceAndAFailedHandlerLeavesItForTheRetry() throws SQLException {
    List<LedgerEventRecord> handled = new ArrayList<>();
    boolean[] fail = {true};
    DeduplicatingLedgerEventConsumer consumer =
        new DeduplicatingLedgerEventConsumer(
            database,
            "it-" + UUID.randomUUID(),
            (event, transaction) -> {
              if (fail[0]) {
                throw new IllegalStateException("the team's handler failed");
              }
              handled.add(event);
            });
    consumer.createTableIfMissing();
    UUID eventId = UUID.randomUUID();

    assertThatThrownBy(() -> consumer.process(record(eventId, 1)))
        .hasMessageContaining("handler failed");
    fail[0] = false;

    assertThat(consumer.process(record(eventId, 1))).isTrue();
    assertThat(consumer.process(record(eventId, 2))).isFalse();
    assertThat(handled)
        .singleElement()
        .satisfies(event -> {
          assertThat(event.eventId()).isEqualTo(eventId);
          assertThat(event.key()).isEqualTo("1");
          assertThat(event.entries())
              .extracting(LedgerEventRecord.Entry::amount)
              .containsExactly(-25_000L, 25_000L);
        });
  }

  @Test
  void aRecordWhoseHeaderAndBodyDisagreeIsRefused() {
    ConsumerRecord<String, String> record = record(UUID.randomUUID(), 3);
    record.headers().remove("ledger-event-id");
    record
        .headers()
        .add(new RecordHeader("ledger-event-id", "not-the-body".getBytes(StandardCharsets.UTF_8)));

    assertThatThrownBy(() -> LedgerEventRecord.from(record))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
