package dev.ewallet.ledger.examples.printer;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.ewallet.ledger.events.client.DeduplicatingLedgerEventConsumer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A runnable example of the reference consumer: prints every ledger event once, deduplicated in the
 * given database. Run it with {@code bin/consume-events} (see README). Configuration by
 * environment: {@code LEDGER_KAFKA_BOOTSTRAP_SERVERS} (127.0.0.1:9092), {@code CONSUMER_DB_URL}
 * (jdbc:postgresql://127.0.0.1:5432/ledger), {@code CONSUMER_DB_USER} (postgres), {@code
 * CONSUMER_GROUP} (ledger-event-printer).
 */
public final class LedgerEventPrinter {

  /** The ledger publishes every event type to this one topic (docs/events.md). */
  static final String TOPIC = "wallet.transfers";

  private LedgerEventPrinter() {}

  public static void main(String[] args) throws Exception {
    String group = env("CONSUMER_GROUP", "ledger-event-printer");
    HikariConfig db = new HikariConfig();
    db.setJdbcUrl(env("CONSUMER_DB_URL", "jdbc:postgresql://127.0.0.1:5432/ledger"));
    db.setUsername(env("CONSUMER_DB_USER", "postgres"));
    db.setMaximumPoolSize(2);
    Map<String, Object> kafka =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            env("LEDGER_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092"),
            ConsumerConfig.GROUP_ID_CONFIG,
            group,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest");
    AtomicBoolean running = new AtomicBoolean(true);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> running.set(false)));
    try (HikariDataSource dataSource = new HikariDataSource(db);
        KafkaConsumer<String, String> consumer =
            new KafkaConsumer<>(kafka, new StringDeserializer(), new StringDeserializer())) {
      DeduplicatingLedgerEventConsumer printer =
          new DeduplicatingLedgerEventConsumer(
              dataSource,
              group,
              (event, tx) ->
                  System.out.printf(
                      "%s %s %s %s key=%s entries=%s%n",
                      event.occurredAt(),
                      event.type(),
                      event.transactionId(),
                      event.currency(),
                      event.key(),
                      event.entries()));
      printer.createTableIfMissing();
      consumer.subscribe(List.of(TOPIC));
      System.out.println("consuming " + TOPIC + " as " + group + "; Ctrl-C stops");
      printer.run(consumer, running::get, Duration.ofMillis(500));
    }
  }

  private static String env(String name, String fallback) {
    return System.getenv().getOrDefault(name, fallback);
  }
}
