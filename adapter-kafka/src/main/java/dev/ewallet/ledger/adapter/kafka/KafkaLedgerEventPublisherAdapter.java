package dev.ewallet.ledger.adapter.kafka;

import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import io.micrometer.tracing.Link;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes each outbox event once per record key, keyed by it (a ledger event once per account it
 * touches, keyed by that account id; a safeguarding shortfall once, keyed by its currency): Kafka
 * keeps one key's records in one partition, in send order, so every account's events arrive in
 * posting order (ADR 0005). The producer is idempotent with {@code acks=all}, so its own retries
 * neither duplicate nor reorder a partition. The call returns only when every record is
 * acknowledged.
 *
 * <p>Traces: a relayed batch is a span {@value #RELAY_SPAN}; each event is sent in a span {@value
 * #PUBLISH_SPAN} that continues the trace of the request that posted it (kept with the outbox row)
 * and links the relay's span, and the template's own send span under it puts that trace in the
 * record's {@code traceparent} header, so a consumer continues the request's trace.
 */
@Component
class KafkaLedgerEventPublisherAdapter implements LedgerEventPublisher {

  /** Header carrying the event id, for consumers that dedupe before parsing the value. */
  static final String EVENT_ID_HEADER = "ledger-event-id";

  static final String RELAY_SPAN = "ledger.outbox.relay";
  static final String PUBLISH_SPAN = "ledger.outbox.publish";

  private final KafkaTemplate<String, String> kafka;
  private final Duration acknowledgementTimeout;
  private final Tracer tracer;
  private final Propagator propagator;

  KafkaLedgerEventPublisherAdapter(
      KafkaTemplate<String, String> kafka,
      @Value("${ledger.outbox.relay.ack-timeout:PT15S}") Duration acknowledgementTimeout,
      Tracer tracer,
      Propagator propagator) {
    this.kafka = kafka;
    this.acknowledgementTimeout = acknowledgementTimeout;
    this.tracer = tracer;
    this.propagator = propagator;
  }

  @Override
  public void publish(List<OutboxMessage> messages) {
    Span relay = tracer.nextSpan().name(RELAY_SPAN).tag("ledger.outbox.events", messages.size());
    try (Tracer.SpanInScope scope = tracer.withSpan(relay.start())) {
      List<CompletableFuture<?>> sends = new ArrayList<>();
      for (OutboxMessage message : messages) {
        sends.addAll(send(message, relay));
      }
      awaitAll(sends);
    } catch (RuntimeException failure) {
      relay.error(failure);
      throw failure;
    } finally {
      relay.end();
    }
  }

  /** The event's records, sent in a span of the trace that posted it, linked to the relay's. */
  private List<CompletableFuture<?>> send(OutboxMessage message, Span relay) {
    Span publish =
        publishSpan(message).name(PUBLISH_SPAN).addLink(new Link(relay.context())).start();
    List<CompletableFuture<?>> sends = new ArrayList<>();
    try (Tracer.SpanInScope scope = tracer.withSpan(publish)) {
      for (String key : new LinkedHashSet<>(message.keys())) {
        sends.add(kafka.send(record(message, key)));
      }
    } finally {
      publish.end();
    }
    return sends;
  }

  private Span.Builder publishSpan(OutboxMessage message) {
    String traceparent = message.trace().traceparent();
    return traceparent == null
        ? tracer.spanBuilder()
        : propagator.extract(Map.of("traceparent", traceparent), Map::get);
  }

  private static ProducerRecord<String, String> record(OutboxMessage message, String key) {
    ProducerRecord<String, String> record =
        new ProducerRecord<>(message.topic(), key, message.payload());
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
