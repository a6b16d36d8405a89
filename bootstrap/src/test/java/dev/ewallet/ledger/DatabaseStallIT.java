package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The database black-holes under load (a network that passes no byte and closes nothing, for three
 * times the request timeout): every request is still answered within the bound, with 503 OVERLOADED
 * or OUTCOME_UNKNOWN, and clients that retry with the same keys afterwards get definite answers
 * that match the balances exactly. Its own context, with the production timeouts (a 4 s request
 * timeout keeps the test short) and its database reached through a stallable forwarder, closed
 * after the class: cached, its pool of 40 would hold connections that ClusterIT's three instances
 * need if the classes ran in another order (PostgreSQL's 100 are shared by every context).
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "ledger.security.jwt-secret=" + TestTokens.SECRET,
      "ledger.rate-limit.per-user-per-second=1000000",
      "ledger.request-timeout=PT4S",
      "ledger.posting.group-commit.max-queue-wait=PT0.5S",
      "spring.datasource.hikari.connection-timeout=500",
      "ledger.outbox.relay-enabled=false",
      "ledger.outbox.monitor-interval=PT1H"
    })
@ActiveProfiles("systemtest")
@DirtiesContext
class DatabaseStallIT extends SystemTestSupport {

  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(4);
  private static final Duration STALL = REQUEST_TIMEOUT.multipliedBy(3);
  private static final long INITIAL = 100_000;

  private static final TcpForwarder DATABASE = forwarderToTheDatabase();

  private static TcpForwarder forwarderToTheDatabase() {
    String[] address = PostgresTestDatabase.hostAndPort().split(":");
    return TcpForwarder.open(0, address[0], Integer.parseInt(address[1]));
  }

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    PostgresTestDatabase.registerThrough(registry, "127.0.0.1", DATABASE.port());
    registry.add("spring.kafka.bootstrap-servers", KafkaTestBroker::bootstrapServers);
    registry.add("ledger.redis.url", SharedRedis::url);
  }

  @AfterAll
  static void resumeTheDatabase() {
    DATABASE.resume();
  }

  private record Planned(String key, Wallet from, long to, long amount) {}

  private record Answer(int status, String code, String retryAfter, long millis) {}

  private Answer send(Planned transfer) {
    long started = System.nanoTime();
    ApiClient.Reply reply =
        transfer(transfer.from(), transfer.to(), transfer.amount(), transfer.key());
    long millis = (System.nanoTime() - started) / 1_000_000;
    String code = reply.status() >= 400 ? reply.code() : null;
    return new Answer(reply.status(), code, reply.header("Retry-After"), millis);
  }

  private static boolean definite(Answer answer) {
    return answer.status() == 201 || answer.status() == 422;
  }

  @Test
  void everyRequestIsAnsweredInTimeWhileTheDatabaseStallsAndRetriesSettleTheTruth()
      throws Exception {
    List<Wallet> wallets = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      wallets.add(walletWith(INITIAL));
    }
    List<Planned> plan = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Wallet from = wallets.get(i % 10);
      Wallet to = wallets.get((i % 10 + 1 + i / 10 % 9) % 10);
      plan.add(new Planned(ApiClient.newKey(), from, to.id(), 100 + i));
    }
    Queue<Planned> todo = new ConcurrentLinkedQueue<>(plan);
    List<Answer> answers = new CopyOnWriteArrayList<>();
    Map<String, Answer> settled = new ConcurrentHashMap<>();
    Queue<Planned> undecided = new ConcurrentLinkedQueue<>();

    try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int c = 0; c < 16; c++) {
        clients.submit(() -> {
          Planned next;
          while ((next = todo.poll()) != null) {
            Answer answer = send(next);
            answers.add(answer);
            if (definite(answer)) {
              settled.put(next.key(), answer);
            } else {
              undecided.add(next);
            }
          }
          return null;
        });
      }
      while (settled.size() < 40 && !todo.isEmpty()) {
        Thread.sleep(10);
      }
      DATABASE.stall();
      Thread.sleep(STALL.toMillis());
      DATABASE.resume();
    }

    assertThat(undecided).as("requests the stall reached").isNotEmpty();
    assertThat(answers)
        .allSatisfy(a -> {
          assertThat(a.millis())
              .as("answered within the bound, with room for a loaded machine")
              .isLessThan(REQUEST_TIMEOUT.multipliedBy(2).toMillis());
          if (!definite(a)) {
            assertThat(a.status()).as(a.toString()).isEqualTo(503);
            assertThat(a.code()).isIn("OVERLOADED", "OUTCOME_UNKNOWN");
            assertThat(a.retryAfter()).isNotNull();
          }
        });

    for (Planned transfer : undecided) {
      settled.put(transfer.key(), retryUntilDefinite(transfer));
    }

    assertThat(settled).hasSize(plan.size());
    Map<Long, Long> expected = new HashMap<>();
    wallets.forEach(w -> expected.put(w.id(), INITIAL));
    List<String> posted = new ArrayList<>();
    for (Planned transfer : plan) {
      if (settled.get(transfer.key()).status() == 201) {
        expected.merge(transfer.from().id(), -transfer.amount(), Long::sum);
        expected.merge(transfer.to(), transfer.amount(), Long::sum);
        posted.add(transfer.key());
      }
    }
    expected.forEach((wallet, balance) -> assertThat(balance(wallet)).isEqualTo(balance));
    long postedOnce =
        jdbc.sql(
                "SELECT count(*) FROM journal_transaction WHERE type = 'TRANSFER'"
                    + " AND idempotency_key = ANY(?)")
            .param(posted.toArray(String[]::new))
            .query(Long.class)
            .single();
    assertThat(postedOnce).isEqualTo(posted.size());
    assertBooksBalance();
  }

  private Answer retryUntilDefinite(Planned transfer) throws InterruptedException {
    for (int attempt = 0; attempt < 100; attempt++) {
      Answer answer = send(transfer);
      if (definite(answer)) {
        return answer;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no definite answer for " + transfer.key() + " after the stall");
  }
}
