package dev.ewallet.ledger.events.client;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * The reference consumer of ledger events, for other teams to reuse. The ledger delivers at least
 * once: a relay crash after sending resends, and a transfer arrives once per account it touches.
 * This consumer remembers every event id it handled in its own table ({@code
 * processed_ledger_event}), in the same database transaction as the handler's writes, and drops any
 * event it has seen, so each event takes effect exactly once.
 *
 * <p>Offsets are committed after the database commit: a crash in between replays records, which the
 * table then drops.
 */
public final class DeduplicatingLedgerEventConsumer {

  /** PostgreSQL DDL of the dedupe table; run once, or call {@link #createTableIfMissing()}. */
  public static final String TABLE_DDL =
      "CREATE TABLE IF NOT EXISTS processed_ledger_event ("
          + " consumer_name varchar(100) NOT NULL,"
          + " event_id uuid NOT NULL,"
          + " processed_at timestamptz NOT NULL DEFAULT now(),"
          + " PRIMARY KEY (consumer_name, event_id))";

  private static final String REMEMBER =
      "INSERT INTO processed_ledger_event (consumer_name, event_id) VALUES (?, ?)"
          + " ON CONFLICT DO NOTHING";

  private final DataSource database;
  private final String consumerName;
  private final LedgerEventHandler handler;

  /**
   * @param database where the dedupe table and the handler's own data live
   * @param consumerName identifies this consumer in the table; several may share it
   */
  public DeduplicatingLedgerEventConsumer(
      DataSource database, String consumerName, LedgerEventHandler handler) {
    this.database = Objects.requireNonNull(database, "database");
    this.consumerName = Objects.requireNonNull(consumerName, "consumerName");
    this.handler = Objects.requireNonNull(handler, "handler");
  }

  public void createTableIfMissing() throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(TABLE_DDL);
    }
  }

  /**
   * Handles the record unless its event was handled before.
   *
   * @return whether the handler ran; {@code false} for a duplicate
   */
  public boolean process(ConsumerRecord<String, String> record) throws SQLException {
    LedgerEventRecord event = LedgerEventRecord.from(record);
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      try {
        boolean first = remember(connection, event.eventId());
        if (first) {
          handler.handle(event, connection);
        }
        connection.commit();
        return first;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    }
  }

  private boolean remember(Connection connection, UUID eventId) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(REMEMBER)) {
      insert.setString(1, consumerName);
      insert.setObject(2, eventId);
      return insert.executeUpdate() == 1;
    }
  }

  /**
   * Polls and processes until {@code keepRunning} turns false, committing offsets after each batch
   * is processed.
   *
   * @return how many records were handled (not counting duplicates)
   */
  public long run(Consumer<String, String> consumer, BooleanSupplier keepRunning, Duration poll)
      throws SQLException {
    long handled = 0;
    while (keepRunning.getAsBoolean()) {
      ConsumerRecords<String, String> records = consumer.poll(poll);
      for (ConsumerRecord<String, String> record : records) {
        if (process(record)) {
          handled++;
        }
      }
      if (!records.isEmpty()) {
        consumer.commitSync();
      }
    }
    return handled;
  }
}
