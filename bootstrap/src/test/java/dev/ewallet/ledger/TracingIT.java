package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * One transfer's trace, end to end, as an OTLP collector would receive it (here an in-memory span
 * exporter beside the service's own processor): the HTTP request continues the caller's {@code
 * traceparent}; the group-commit batch that posted it is a span linked to the request, with a span
 * per database statement under it; the outbox relay's send of its event continues the request's
 * trace, and the Kafka record carries that trace in its {@code traceparent} header for the
 * consumer. Problem bodies carry the trace id. The context of its own traces and samples
 * everything, as a configured OTLP endpoint would; {@link TraceIdsIT} covers the shared context,
 * where tracing is off.
 */
@Import(TracingIT.Spans.class)
@TestPropertySource(
    properties = {
      "management.tracing.enabled=true",
      "management.tracing.sampling.probability=1.0",
      "jdbc.datasource-proxy.enabled=true",
      "management.opentelemetry.tracing.export.schedule-delay=50ms",
      // Every span reaches the exporter, however many the background jobs make meanwhile.
      "management.opentelemetry.tracing.export.max-queue-size=1000000",
      // A context of its own beside the shared one: a small pool, closed after the class.
      "spring.datasource.hikari.maximum-pool-size=6"
    })
@DirtiesContext
class TracingIT extends LedgerIntegrationTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @TestConfiguration
  static class Spans {
    @Bean
    InMemorySpanExporter inMemorySpans() {
      return InMemorySpanExporter.create();
    }
  }

  @Autowired InMemorySpanExporter spans;

  @Test
  void aTransfersTraceRunsFromTheRequestThroughItsBatchToTheKafkaRecord() {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();
    String traceId = randomHex(16);
    String traceparent = "00-" + traceId + "-" + randomHex(8) + "-01";

    ApiClient.Reply reply =
        api()
            .traced(traceparent)
            .post(
                "/v1/transfers",
                from.token(),
                ApiClient.newKey(),
                transferBody(from, to.id(), 100, ""));
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    String transactionId = reply.json().get("transactionId").asText();

    SpanData request =
        awaitSpan(s -> s.getTraceId().equals(traceId) && s.getKind() == SpanKind.SERVER);
    assertThat(request.getName()).contains("/v1/transfers");
    SpanData batch =
        awaitSpan(s ->
            s.getName().equals("ledger.posting.batch")
                && s.getLinks().stream()
                    .map(LinkData::getSpanContext)
                    .anyMatch(link -> link.getSpanId().equals(request.getSpanId())));
    assertThat(batch.getTraceId()).as("the batch is a trace of its own").isNotEqualTo(traceId);
    SpanData statement =
        awaitSpan(
            s -> s.getParentSpanId().equals(batch.getSpanId()) && s.getKind() == SpanKind.CLIENT);
    assertThat(statement.getTraceId()).isEqualTo(batch.getTraceId());
    SpanData publish =
        awaitSpan(
            s -> s.getTraceId().equals(traceId) && s.getName().equals("ledger.outbox.publish"));
    assertThat(publish.getParentSpanId()).isEqualTo(request.getSpanId());
    SpanData relay =
        awaitSpan(s ->
            s.getName().equals("ledger.outbox.relay")
                && s.getSpanId()
                    .equals(publish.getLinks().getFirst().getSpanContext().getSpanId()));
    assertThat(relay.getTraceId()).isNotEqualTo(traceId);

    List<ConsumerRecord<String, String>> records =
        KafkaTestBroker.consumeUntil(
            KafkaTestBroker.LEDGER_EVENTS,
            received ->
                received.stream().filter(r -> r.value().contains(transactionId)).count() >= 2,
            WAIT);
    List<ConsumerRecord<String, String>> ours =
        records.stream().filter(r -> r.value().contains(transactionId)).toList();
    // One record per account (a relay retried in between may have sent one twice).
    assertThat(ours.stream().map(ConsumerRecord::key).distinct())
        .containsExactlyInAnyOrder(String.valueOf(from.id()), String.valueOf(to.id()));
    for (ConsumerRecord<String, String> record : ours) {
      String[] header = traceparentOf(record).split("-");
      assertThat(header[1]).as("the record's trace").isEqualTo(traceId);
      SpanData send = awaitSpan(s -> s.getSpanId().equals(header[2]));
      assertThat(send.getKind()).isEqualTo(SpanKind.PRODUCER);
      assertThat(send.getParentSpanId()).isEqualTo(publish.getSpanId());
    }
  }

  @Test
  void aProblemNamesTheTraceOfItsRequest() {
    String traceId = randomHex(16);

    ApiClient.Reply refused =
        api()
            .traced("00-" + traceId + "-" + randomHex(8) + "-01")
            .get("/v1/accounts/" + Long.MAX_VALUE, OPERATOR);
    ApiClient.Reply unauthenticated = api().get("/v1/accounts/1", null);

    assertThat(refused.status()).isEqualTo(404);
    assertThat(refused.json().get("traceId").asText()).isEqualTo(traceId);
    assertThat(unauthenticated.status()).isEqualTo(401);
    assertThat(unauthenticated.json().get("traceId").asText()).matches("[0-9a-f]{32}");
  }

  private SpanData awaitSpan(Predicate<SpanData> wanted) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      for (SpanData span : spans.getFinishedSpanItems()) {
        if (wanted.test(span)) {
          return span;
        }
      }
      pause();
    }
    throw new AssertionError("no such span among " + spans.getFinishedSpanItems().size());
  }

  private static String traceparentOf(ConsumerRecord<String, String> record) {
    Header header = record.headers().lastHeader("traceparent");
    assertThat(header).as("traceparent header").isNotNull();
    return new String(header.value(), StandardCharsets.UTF_8);
  }

  private static String randomHex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    random[0] |= 1;
    return HexFormat.of().formatHex(random);
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
