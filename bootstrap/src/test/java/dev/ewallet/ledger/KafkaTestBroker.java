package dev.ewallet.ledger;

import dev.ewallet.ledger.adapter.redis.testing.FreePorts;
import dev.ewallet.ledger.events.client.MonitorTriggeredRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * One real single-node KRaft broker per test JVM (spring-kafka-test). In the outage test JVM
 * ({@code -Dledger.test.kafka.deferred=true}) the service is pointed at a port where nothing
 * listens until the test starts the broker and forwards that port to it: until then the broker is
 * unreachable, exactly as in an outage. Every other test JVM starts the broker at once.
 */
final class KafkaTestBroker {

  static final int PARTITIONS = 6;

  /** The ledger's events, every account's in order. */
  static final String LEDGER_EVENTS = "wallet.transfers";

  /** Safeguarding shortfalls, every currency's in order. */
  static final String SAFEGUARDING = "ledger.safeguarding";

  /** Fired balance monitors, every account's in order. */
  static final String MONITORS = "ledger.monitors";

  /** Freezes and their lifting, every account's in order. */
  static final String ACCOUNTS = "ledger.accounts";

  /** Signed checkpoints, in the order made. */
  static final String CHECKPOINTS = "wallet.checkpoints";

  private static final List<String> TOPICS =
      List.of(LEDGER_EVENTS, SAFEGUARDING, MONITORS, ACCOUNTS, CHECKPOINTS);

  private static final int FORWARDED_PORT = FreePorts.one();
  private static EmbeddedKafkaKraftBroker broker;

  private KafkaTestBroker() {}

  static boolean deferred() {
    return Boolean.getBoolean("ledger.test.kafka.deferred");
  }

  /** Where the service and the tests' consumers find the broker. */
  static synchronized String bootstrapServers() {
    if (deferred()) {
      return "127.0.0.1:" + FORWARDED_PORT;
    }
    return start().getBrokersAsString();
  }

  static synchronized EmbeddedKafkaKraftBroker start() {
    if (broker == null) {
      EmbeddedKafkaKraftBroker started =
          new EmbeddedKafkaKraftBroker(1, PARTITIONS, TOPICS.toArray(String[]::new));
      started.afterPropertiesSet();
      Runtime.getRuntime().addShutdownHook(new Thread(started::destroy));
      broker = started;
      System.out.println("[test-kafka] embedded KRaft broker at " + started.getBrokersAsString());
    }
    return broker;
  }

  /** Ends the outage: starts the broker and makes it reachable at the service's address. */
  static void startBehindForwardedPort() {
    String[] address = start().getBrokersAsString().split(",")[0].split(":");
    TcpForwarder.open(FORWARDED_PORT, address[0], Integer.parseInt(address[1]));
  }

  /** Reads the topic from the beginning in a fresh group until {@code done} holds. */
  static List<ConsumerRecord<String, String>> consumeUntil(
      String topic, Predicate<List<ConsumerRecord<String, String>>> done, Duration timeout) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG,
            "test-" + UUID.randomUUID(),
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false);
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!done.test(records) && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }

  /**
   * The fired monitors of the account on {@value #MONITORS}, read until at least {@code atLeast}
   * arrived or a minute passed.
   */
  static List<MonitorTriggeredRecord> monitorEvents(long accountId, int atLeast) {
    String key = Long.toString(accountId);
    return consumeUntil(
            MONITORS,
            records -> records.stream().filter(r -> r.key().equals(key)).count() >= atLeast,
            Duration.ofSeconds(60))
        .stream()
        .filter(r -> r.key().equals(key))
        .map(MonitorTriggeredRecord::from)
        .toList();
  }
}
