package dev.ewallet.ledger;

import static dev.ewallet.ledger.EventStreams.streamOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.RateLimits;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.in.RelayOutboxCommand;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.events.client.ChainFollower;
import dev.ewallet.ledger.events.client.DeduplicatingLedgerEventConsumer;
import dev.ewallet.ledger.events.client.LedgerEventRecord;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The outbox relayed to a real Kafka broker: committed transactions arrive, rolled-back ones never
 * do, a crash between send and mark only duplicates, and two relays keep each account in order.
 */
class OutboxRelayIT extends LedgerIntegrationTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Autowired LedgerPorts ports;
  @Autowired OutboxStore store;
  @Autowired OutboxMonitor monitor;

  private String transactionId(ApiClient.Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply.json().get("transactionId").asText();
  }

  private List<String> postedOrderOf(long accountId) {
    return EventStreams.postedOrderOf(jdbc, accountId);
  }

  private List<ConsumerRecord<String, String>> consumeStreamsOf(long... accountIds) {
    return EventStreams.consumeStreamsOf(jdbc, accountIds);
  }

  @Test
  void everyCommittedTransactionIsPublishedAndARolledBackOneNever() {
    Wallet source = walletWith(1_000);
    Wallet target = openWallet();
    String first = transactionId(transfer(source, target.id(), 600, ApiClient.newKey()));
    assertThat(transfer(source, target.id(), 600, ApiClient.newKey()).code())
        .isEqualTo("INSUFFICIENT_FUNDS");
    String second = transactionId(transfer(source, target.id(), 400, ApiClient.newKey()));

    List<ConsumerRecord<String, String>> records = consumeStreamsOf(source.id(), target.id());

    List<String> sourceStream = streamOf(records, source.id());
    assertThat(sourceStream).hasSize(3).endsWith(first, second);
    assertThat(sourceStream).isEqualTo(postedOrderOf(source.id()));
    assertThat(streamOf(records, target.id())).containsExactly(first, second);
    LedgerEventRecord event =
        records.stream()
            .map(LedgerEventRecord::from)
            .filter(e -> e.transactionId().toString().equals(second))
            .findFirst()
            .orElseThrow();
    assertThat(event.schemaVersion()).isEqualTo(1);
    assertThat(event.type()).isEqualTo("TRANSFER");
    assertThat(event.currency()).isEqualTo("VND");
    assertThat(event.entries())
        .extracting(e -> List.of(e.accountId(), e.amount(), e.balanceAfter()))
        .containsExactly(List.of(source.id(), -400L, 0L), List.of(target.id(), 400L, 1_000L));
    ChainFollower follower = new ChainFollower();
    follower.startFrom(source.id(), EntryHash.GENESIS);
    Set<UUID> seen = new HashSet<>();
    records.stream()
        .filter(r -> r.key().equals(String.valueOf(source.id())))
        .map(LedgerEventRecord::from)
        .filter(e -> seen.add(e.eventId()))
        .forEach(
            e -> assertThat(follower.accept(e, source.id())).isEqualTo(ChainFollower.Link.FOLLOWS));
    String newest =
        api()
            .get("/v1/accounts/" + source.id() + "/entries?limit=1", source.token())
            .json()
            .get("items")
            .get(0)
            .get("hash")
            .asText();
    assertThat(follower.end(source.id())).contains(new EntryHash(newest));
    assertThat(records)
        .filteredOn(r -> LedgerEventRecord.from(r).transactionId().toString().equals(second))
        .extracting(ConsumerRecord::topic)
        .containsOnly("wallet.transfers");
  }

  /** A store that crashes after the batch was sent and before it is marked, once. */
  private static OutboxStore crashingOnceAfterSend(OutboxStore store, AtomicBoolean crashed) {
    return new OutboxStore() {
      @Override
      public List<OutboxMessage> lockNextBatch(int limit) {
        return store.lockNextBatch(limit);
      }

      @Override
      public void markPublished(List<Long> ids, Instant at) {
        if (crashed.compareAndSet(false, true)) {
          throw new IllegalStateException("relay killed between send and mark");
        }
        store.markPublished(ids, at);
      }

      @Override
      public OutboxBacklog backlog() {
        return store.backlog();
      }

      @Override
      public int prunePublishedBefore(Instant cutoff, int limit) {
        return store.prunePublishedBefore(cutoff, limit);
      }
    };
  }

  private LedgerServices secondInstance(OutboxStore outboxStore) {
    return new LedgerServices(
        ports.withOutboxStore(outboxStore), new RateLimits(10, 0, true), Clock.systemUTC());
  }

  @Test
  void aRelayKilledBetweenSendAndMarkOnlyDuplicatesAndTheConsumerDropsThem() throws Exception {
    AtomicBoolean crashed = new AtomicBoolean();
    LedgerServices crashing = secondInstance(crashingOnceAfterSend(store, crashed));
    Wallet source = walletWith(10_000);
    Wallet target = openWallet();
    List<String> posted = new ArrayList<>();
    // Post and relay until the crashing relay has sent a batch holding our transfers and died.
    while (!crashed.get() || posted.size() < 3) {
      posted.add(transactionId(transfer(source, target.id(), 10, ApiClient.newKey())));
      try {
        crashing.outboxRelay().relay(new RelayOutboxCommand(1_000));
      } catch (IllegalStateException killed) {
        assertThat(killed).hasMessage("relay killed between send and mark");
      }
    }

    List<ConsumerRecord<String, String>> records = consumeStreamsOf(target.id());
    List<ConsumerRecord<String, String>> ours =
        records.stream().filter(r -> r.key().equals(String.valueOf(target.id()))).toList();
    Map<String, Integer> copies = new HashMap<>();
    ours.forEach(
        r -> copies.merge(LedgerEventRecord.from(r).transactionId().toString(), 1, Integer::sum));
    assertThat(copies.keySet()).containsExactlyInAnyOrderElementsOf(posted);

    AtomicInteger handled = new AtomicInteger();
    // A consuming service keeps its deduplication table in a database of its own; here the test
    // database's owner stands in for it (the ledger's runtime role may create nothing).
    DeduplicatingLedgerEventConsumer consumer =
        new DeduplicatingLedgerEventConsumer(
            PostgresTestDatabase.owner(),
            "crash-test-" + UUID.randomUUID(),
            (event, tx) -> handled.incrementAndGet());
    consumer.createTableIfMissing();
    long dropped = 0;
    for (ConsumerRecord<String, String> record : ours) {
      if (!consumer.process(record)) {
        dropped++;
      }
    }
    assertThat(handled.get()).isEqualTo(posted.size());
    assertThat(dropped).isEqualTo(ours.size() - posted.size());
  }

  @Test
  void twoRelaysDeliverEverythingAndKeepEachAccountInPostingOrder() throws Exception {
    List<Wallet> wallets = List.of(walletWith(100_000), walletWith(100_000), walletWith(100_000));
    LedgerServices secondRelay = secondInstance(store);
    AtomicBoolean running = new AtomicBoolean(true);
    Thread relayTwo =
        Thread.ofVirtual()
            .start(() -> {
              while (running.get()) {
                try {
                  secondRelay.outboxRelay().relay(new RelayOutboxCommand(7));
                } catch (RuntimeException brokerHiccup) {
                  // The next round sends the batch again; the test checks nothing was lost.
                }
              }
            });
    try {
      concurrently(
          IntStream.range(0, 300)
              .<Callable<ApiClient.Reply>>mapToObj(i -> {
                Wallet from = wallets.get(i % 3);
                Wallet to = wallets.get((i + 1 + i / 3 % 2) % 3);
                return () -> transfer(from, to.id(), 1 + i % 5, ApiClient.newKey());
              })
              .toList());
    } finally {
      running.set(false);
      relayTwo.join();
    }

    List<ConsumerRecord<String, String>> records =
        consumeStreamsOf(wallets.get(0).id(), wallets.get(1).id(), wallets.get(2).id());

    for (Wallet wallet : wallets) {
      assertThat(streamOf(records, wallet.id()))
          .as("account %d in posting order", wallet.id())
          .isEqualTo(postedOrderOf(wallet.id()));
    }
  }

  @Test
  void theBacklogIsMeasuredAndTheOutboxIsHealthyWhenDrained() {
    Wallet wallet = walletWith(1_000);
    consumeStreamsOf(wallet.id());
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (monitor.backlog().count() > 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }

    assertThat(
            api().get("/actuator/health", OPERATOR).json().at("/components/outbox/status").asText())
        .isEqualTo("UP");
    String scrape = api().get("/actuator/prometheus", OPERATOR).body();
    assertThat(scrape)
        .contains("ledger_outbox_backlog")
        .contains("ledger_outbox_oldest_age_seconds");
    assertThat(scrape).contains("ledger_outbox_published_total");
  }
}
