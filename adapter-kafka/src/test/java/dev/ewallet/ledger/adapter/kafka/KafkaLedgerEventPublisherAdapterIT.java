package dev.ewallet.ledger.adapter.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/** The publisher against a real (embedded KRaft) broker, one per test JVM. */
class KafkaLedgerEventPublisherAdapterIT {

  private static final String TOPIC = "wallet.transfers";

  private static EmbeddedKafkaKraftBroker broker;

  @BeforeAll
  static void startBroker() {
    broker = new EmbeddedKafkaKraftBroker(1, 3, TOPIC);
    broker.afterPropertiesSet();
  }

  @AfterAll
  static void stopBroker() {
    broker.destroy();
  }

  private static KafkaTemplate<String, String> template(String servers) {
    return new KafkaTemplate<>(
        new DefaultKafkaProducerFactory<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                servers,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                2_000),
            new StringSerializer(),
            new StringSerializer()));
  }

  private static List<ConsumerRecord<String, String>> readAll(int expected) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            broker.getBrokersAsString(),
            ConsumerConfig.GROUP_ID_CONFIG,
            "it-" + UUID.randomUUID(),
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest");
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(TOPIC));
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (records.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }

  @Test
  void eachEventGoesOutOncePerAccountItTouchesKeyedByThatAccountAndCarryingItsId() {
    KafkaLedgerEventPublisherAdapter publisher =
        new KafkaLedgerEventPublisherAdapter(
            template(broker.getBrokersAsString()),
            Duration.ofSeconds(30),
            Tracer.NOOP,
            Propagator.NOOP);
    UUID transfer = UUID.randomUUID();
    UUID deposit = UUID.randomUUID();

    publisher.publish(
        List.of(
            new OutboxMessage(1, transfer, TOPIC, List.of("11", "12", "11"), "{\"n\":1}"),
            new OutboxMessage(2, deposit, TOPIC, List.of("11"), "{\"n\":2}")));

    List<ConsumerRecord<String, String>> records = readAll(3);
    assertThat(records)
        .extracting(r -> r.key() + " " + r.value() + " " + eventId(r))
        .containsExactlyInAnyOrder(
            "11 {\"n\":1} " + transfer, "12 {\"n\":1} " + transfer, "11 {\"n\":2} " + deposit);
    // One account's events stay in posting order: same key, same partition.
    assertThat(records.stream().filter(r -> r.key().equals("11")).map(ConsumerRecord::value))
        .containsExactly("{\"n\":1}", "{\"n\":2}");
  }

  @Test
  void aBrokerThatCannotBeReachedFailsTheBatchSoTheRelayKeepsIt() {
    // A privileged port nothing listens on: no test can bind it, and no client's own end of a
    // connection (from the ephemeral range) can be it, so the producer is refused every time.
    KafkaLedgerEventPublisherAdapter publisher =
        new KafkaLedgerEventPublisherAdapter(
            template("127.0.0.1:9"), Duration.ofSeconds(30), Tracer.NOOP, Propagator.NOOP);

    assertThatThrownBy(() ->
            publisher.publish(
                List.of(new OutboxMessage(3, UUID.randomUUID(), TOPIC, List.of("13"), "{}"))))
        .isInstanceOf(RuntimeException.class);
  }

  private static String eventId(ConsumerRecord<String, String> record) {
    return new String(
        record.headers().lastHeader(KafkaLedgerEventPublisherAdapter.EVENT_ID_HEADER).value(),
        StandardCharsets.UTF_8);
  }
}
