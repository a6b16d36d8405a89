package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ewallet.ledger.events.client.LedgerEventRecord;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Kafka unreachable for the whole of 1,000 transfers: the API keeps answering 201 and the backlog
 * grows; once the broker is back the backlog drains to zero and every transaction arrives. Runs in
 * its own test JVM (the Failsafe execution {@code kafka-outage}), where no broker exists until the
 * test starts one.
 */
class KafkaOutageIT extends LedgerIntegrationTest {

  private static final int TRANSFERS = 1_000;

  @Autowired OutboxMonitor monitor;

  private String outboxHealth() {
    return api().get("/actuator/health", OPERATOR).json().at("/components/outbox/status").asText();
  }

  @Test
  void postingContinuesThroughABrokerOutageAndTheBacklogDrainsWhenItReturns() throws Exception {
    assumeTrue(KafkaTestBroker.deferred(), "needs the outage JVM, where no broker runs yet");
    Wallet source = walletWith(10_000_000);
    Wallet target = openWallet();

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, TRANSFERS)
                .<Callable<ApiClient.Reply>>mapToObj(
                    i -> () -> transfer(source, target.id(), 1 + i, ApiClient.newKey()))
                .toList());

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(201));
    await(() -> monitor.backlog().count() >= TRANSFERS, Duration.ofSeconds(10), "the backlog");
    assertThat(api().get("/actuator/prometheus", OPERATOR).body())
        .containsPattern("ledger_outbox_backlog [0-9]{4}");
    await(() -> "DOWN".equals(outboxHealth()), Duration.ofSeconds(10), "outbox health DOWN");
    assertThat(api().get("/actuator/health/readiness", null).status()).isEqualTo(200);

    KafkaTestBroker.startBehindForwardedPort();

    await(() -> monitor.backlog().count() == 0, Duration.ofSeconds(90), "the backlog to drain");
    await(() -> "UP".equals(outboxHealth()), Duration.ofSeconds(10), "outbox health UP");
    Set<String> posted = new HashSet<>();
    replies.forEach(r -> posted.add(r.json().get("transactionId").asText()));
    List<ConsumerRecord<String, String>> records =
        KafkaTestBroker.consumeUntil(
            KafkaTestBroker.LEDGER_EVENTS,
            all -> arrivedFor(all, target.id()).containsAll(posted),
            Duration.ofSeconds(60));
    assertThat(arrivedFor(records, target.id())).containsAll(posted);
  }

  private static Set<String> arrivedFor(
      List<ConsumerRecord<String, String>> records, long account) {
    Set<String> ids = new HashSet<>();
    records.stream()
        .filter(r -> r.key().equals(String.valueOf(account)))
        .forEach(r -> ids.add(LedgerEventRecord.from(r).transactionId().toString()));
    return ids;
  }
}
