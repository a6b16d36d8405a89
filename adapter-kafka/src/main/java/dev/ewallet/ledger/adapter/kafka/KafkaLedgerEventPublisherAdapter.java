package dev.ewallet.ledger.adapter.kafka;

import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes each outbox event once per account it touches, keyed by that account id: Kafka keeps
 * one key's records in one partition, in send order, so every account's events arrive in posting
 * order (ADR 0005). The producer is idempotent with {@code acks=all}, so its own retries neither
 * duplicate nor reorder a partition. The call returns only when every record is acknowledged.
 */
@Component
class KafkaLedgerEventPublisherAdapter implements LedgerEventPublisher {

  /** Header carrying the event id, for consumers that dedupe before parsing the value. */
  static final String EVENT_ID_HEADER = "ledger-event-id";

  private final KafkaTemplate<String, String> kafka;
  private final Duration acknowledgementTimeout;

  KafkaLedgerEventPublisherAdapter(
      KafkaTemplate<String, String> kafka,
      @Value("${ledger.outbox.relay.ack-timeout:PT15S}") Duration acknowledgementTimeout) {
    this.kafka = kafka;
    this.acknowledgementTimeout = acknowledgementTimeout;
  }

  @Override
  public void publish(List<OutboxMessage> messages) {
    List<CompletableFuture<?>> sends = new ArrayList<>();
    for (OutboxMessage message : messages) {
      for (Long accountId : new LinkedHashSet<>(message.accountIds())) {
        sends.add(kafka.send(record(message, accountId)));
      }
    }
    awaitAll(sends);
  }

  private static ProducerRecord<String, String> record(OutboxMessage message, long accountId) {
    ProducerRecord<String, String> record =
        new ProducerRecord<>(message.topic(), String.valueOf(accountId), message.payload());
    record
        .headers()
        .add(EVENT_ID_HEADER, message.eventId().toString().getBytes(StandardCharsets.UTF_8));
    return record;
  }

  private void awaitAll(List<CompletableFuture<?>> sends) {
    try {
      CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
          .get(acknowledgementTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException failed) {
      throw new IllegalStateException("Kafka refused the batch: " + failed.getCause(), failed);
    } catch (TimeoutException slow) {
      throw new IllegalStateException(
          "Kafka did not acknowledge the batch within " + acknowledgementTimeout, slow);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while awaiting Kafka", interrupted);
    }
  }
}
