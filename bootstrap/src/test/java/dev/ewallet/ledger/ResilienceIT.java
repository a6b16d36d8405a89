package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.adapter.redis.testing.RedisTestServer;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Payday defences with their production settings: 10 money-moving requests per user per second in a
 * Redis shared by two instances, an in-process fallback when Redis stops, and a pool of 2
 * connections with a 500 ms timeout that sheds the excess as 503. Its own context (and Redis
 * server, which the tests stop and start), so the other system tests keep their generous limits;
 * closed after the class, as no other class shares it.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "ledger.security.jwt-secret=" + TestTokens.SECRET)
@ActiveProfiles("systemtest")
@DirtiesContext
class ResilienceIT extends SystemTestSupport {

  @Autowired AuditFlushJob auditFlush;
  @Autowired MeterRegistry registry;

  private static final RedisTestServer REDIS = new RedisTestServer();
  private static final Duration POOL_TIMEOUT = Duration.ofMillis(500);

  @DynamicPropertySource
  static void paydaySettings(DynamicPropertyRegistry registry) {
    assumeTrue(RedisTestServer.available(), "needs a redis-server binary to stop and start");
    REDIS.start();
    PostgresTestDatabase.register(registry);
    registry.add("spring.kafka.bootstrap-servers", KafkaTestBroker::bootstrapServers);
    registry.add("ledger.redis.url", REDIS::url);
    registry.add("ledger.rate-limit.per-user-per-second", () -> 10);
    registry.add("spring.datasource.hikari.maximum-pool-size", () -> 2);
    registry.add("spring.datasource.hikari.connection-timeout", POOL_TIMEOUT::toMillis);
    registry.add("ledger.outbox.relay-enabled", () -> false);
    registry.add("ledger.posting.group-commit.enabled", () -> false);
    registry.add("ledger.outbox.monitor-interval", () -> "PT1H");
  }

  @AfterAll
  static void stopRedis() {
    REDIS.stop();
  }

  @BeforeAll
  static void onlyWithRedis() {
    assumeTrue(RedisTestServer.available(), "needs a redis-server binary to stop and start");
  }

  /**
   * Opening the test's wallets took permits (opening an account is a write); a budget refills at
   * ten a second, so after a second and a bit every bucket is full again.
   */
  private static void refill() throws InterruptedException {
    Thread.sleep(1_100);
  }

  /**
   * The most a 10-per-second budget may admit to a burst that took this long: the full bucket, plus
   * what refilled while the burst ran, plus the shares' rounding ({@code instances - 1}). Asserting
   * against the measured time keeps the bound exact on a machine however slow: a burst of 30
   * answered within 200 ms may pass at most 12.
   */
  private static long mostAdmitted(long startedNanos, int instances) {
    long millis = Duration.ofNanos(System.nanoTime() - startedNanos).toMillis();
    return 10 + (10 * millis + 999) / 1_000 + (instances - 1);
  }

  private List<ApiClient.Reply> burst(ApiClient client, Wallet from, long to, int requests)
      throws Exception {
    return concurrently(
        IntStream.range(0, requests)
            .<Callable<ApiClient.Reply>>mapToObj(i ->
                () ->
                    client.post(
                        "/v1/transfers",
                        from.token(),
                        ApiClient.newKey(),
                        transferBody(from, to, 1, "")))
            .toList());
  }

  private static long count(List<ApiClient.Reply> replies, int status) {
    return replies.stream().filter(r -> r.status() == status).count();
  }

  @Test
  void aBurstOfThirtyFromOneUserIsCutToAboutTenAndOthersAreUnaffected() throws Exception {
    Wallet alice = walletWith(1_000);
    Wallet bob = walletWith(1_000);
    refill();

    long started = System.nanoTime();
    List<ApiClient.Reply> replies = burst(api(), alice, bob.id(), 30);

    assertThat(count(replies, 201)).isBetween(10L, mostAdmitted(started, 1));
    assertThat(count(replies, 201) + count(replies, 429)).isEqualTo(30);
    assertThat(replies)
        .filteredOn(r -> r.status() == 429)
        .allSatisfy(r -> {
          assertThat(r.code()).isEqualTo("RATE_LIMITED");
          assertThat(Integer.parseInt(r.header("Retry-After"))).isBetween(1, 2);
        });
    assertThat(transfer(bob, alice.id(), 1, ApiClient.newKey()).status()).isEqualTo(201);
    Thread.sleep(1_100);
    assertThat(transfer(alice, bob.id(), 1, ApiClient.newKey()).status()).isEqualTo(201);
    assertThat(api().get("/actuator/prometheus", OPERATOR).body())
        .containsPattern("ledger_ratelimit_limited_total [1-9]");
    auditFlush.run();
    long auditedRefusals = 0;
    for (JsonNode event :
        api()
            .get("/v1/audit-events?limit=100&actor=" + alice.owner(), OPERATOR)
            .json()
            .get("items")) {
      if (event.get("status").asInt() == 429) {
        assertThat(event.get("code").asText()).isEqualTo("RATE_LIMITED");
        auditedRefusals++;
      }
    }
    assertThat(auditedRefusals).as("every 429 is audited").isEqualTo(count(replies, 429));
  }

  /**
   * A batch takes a permit per transfer: ten fit a full budget of ten; a batch of twelve never fits
   * and posts nothing.
   */
  @Test
  void aBatchOfTransfersTakesAPermitPerTransfer() throws Exception {
    Wallet alice = walletWith(10_000);
    Wallet bob = openWallet();
    refill();
    ApiClient.Reply admitted = transferBatch(alice.token(), batchOf(10, alice.id(), bob.id(), 100));
    assertThat(admitted.status()).as(admitted.body()).isEqualTo(200);
    assertThat(balance(bob.id())).isEqualTo(1_000);

    refill();
    ApiClient.Reply refused = transferBatch(alice.token(), batchOf(12, alice.id(), bob.id(), 100));
    assertProblem(refused, 429, "RATE_LIMITED");
    assertThat(refused.header("Retry-After")).isNotBlank();
    assertThat(balance(bob.id())).isEqualTo(1_000);
  }

  @Test
  void twoInstancesShareOneBudget() throws Exception {
    Wallet alice = walletWith(1_000);
    Wallet bob = openWallet();
    try (ConfigurableApplicationContext second =
        startAnotherInstance(
            Map.of(
                "ledger.outbox.relay-enabled", false,
                "ledger.posting.group-commit.enabled", false))) {
      ApiClient other = clientOf(second);
      awaitLiveInstances(2, registry, second.getBean(MeterRegistry.class));
      refill();

      long started = System.nanoTime();
      List<ApiClient.Reply> replies = new ArrayList<>();
      try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
        var first = pool.submit(() -> burst(api(), alice, bob.id(), 15));
        var secondBurst = pool.submit(() -> burst(other, alice, bob.id(), 15));
        replies.addAll(first.get());
        replies.addAll(secondBurst.get());
      }

      long admitted = count(replies, 201);
      assertThat(admitted).isBetween(10L, mostAdmitted(started, 2));
      assertThat(admitted + count(replies, 429)).isEqualTo(30);
    }
    awaitLiveInstances(1, registry);
  }

  /** Every instance's heartbeat has counted the live ones (at most ten seconds). */
  private static void awaitLiveInstances(int expected, MeterRegistry... registries)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!Arrays.stream(registries).allMatch(r -> liveInstances(r) == expected)
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(registries).allSatisfy(r -> assertThat(liveInstances(r)).isEqualTo(expected));
  }

  private static double liveInstances(MeterRegistry registry) {
    return registry.get("ledger.ratelimit.instances").gauge().value();
  }

  @Test
  void redisStoppedMidBurstChangesNothingOnTheRequestPath() throws Exception {
    List<Wallet> users = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      users.add(walletWith(1_000));
    }
    Wallet bursting = walletWith(1_000);
    Wallet sink = openWallet();
    refill();
    try {
      long started = System.nanoTime();
      CompletableFuture<List<ApiClient.Reply>> inFlight =
          CompletableFuture.supplyAsync(() -> {
            try {
              return burst(api(), bursting, sink.id(), 30);
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
          });
      REDIS.stop();
      List<ApiClient.Reply> burst = inFlight.join();

      assertThat(burst).allSatisfy(r -> assertThat(r.status()).isIn(201, 429));
      assertThat(count(burst, 201)).isBetween(10L, mostAdmitted(started, 1));
      for (Wallet user : users) {
        long sent = System.nanoTime();
        ApiClient.Reply reply = transfer(user, sink.id(), 1, ApiClient.newKey());
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        // Waiting on the stopped Redis would take Redisson's own defaults at least 3 s (its
        // timeout, then retries); the bound leaves a loaded machine room below that.
        assertThat(Duration.ofNanos(System.nanoTime() - sent)).isLessThan(Duration.ofSeconds(2));
      }
      // The heartbeat notices within an interval; decisions taken meanwhile are counted.
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (registry.get("ledger.ratelimit.fallback").counter().count() == 0
          && System.nanoTime() < deadline) {
        transfer(users.getFirst(), sink.id(), 1, ApiClient.newKey());
        Thread.sleep(200);
      }
      assertThat(api().get("/actuator/prometheus", OPERATOR).body())
          .containsPattern("ledger_ratelimit_fallback_total [1-9]");
    } finally {
      REDIS.start();
    }
    refill();
    assertThat(transfer(users.getLast(), sink.id(), 1, ApiClient.newKey()).status()).isEqualTo(201);
  }

  @Test
  void anExhaustedPoolShedsTheExcessAs503AndARetryPostsOnce() throws Exception {
    Wallet sink = openWallet();
    List<Wallet> payers = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      payers.add(walletWith(1_000));
    }
    List<String> keys = payers.stream().map(p -> ApiClient.newKey()).toList();
    List<CompletableFuture<ApiClient.Reply>> replies = new ArrayList<>();
    List<Duration> took = new ArrayList<>(java.util.Collections.nCopies(50, Duration.ZERO));

    // A slow transaction elsewhere holds the sink's row: the two pooled connections wait on it.
    try (Connection slow =
        DriverManager.getConnection(
            environment.getProperty("spring.datasource.url"),
            environment.getProperty("spring.datasource.username"),
            "")) {
      slow.setAutoCommit(false);
      try (PreparedStatement lock =
          slow.prepareStatement("SELECT id FROM account WHERE id = ? FOR UPDATE")) {
        lock.setLong(1, sink.id());
        lock.executeQuery().close();
      }
      ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
      for (int i = 0; i < 50; i++) {
        int n = i;
        replies.add(
            CompletableFuture.supplyAsync(
                () -> {
                  long started = System.nanoTime();
                  ApiClient.Reply reply = transfer(payers.get(n), sink.id(), 100, keys.get(n));
                  took.set(n, Duration.ofNanos(System.nanoTime() - started));
                  return reply;
                },
                pool));
      }
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (replies.stream().filter(CompletableFuture::isDone).count() < 48
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      slow.rollback();
      pool.close();
    }

    List<ApiClient.Reply> done = replies.stream().map(CompletableFuture::join).toList();
    assertThat(count(done, 201)).isEqualTo(2);
    assertThat(count(done, 503)).isEqualTo(48);
    for (int i = 0; i < 50; i++) {
      ApiClient.Reply reply = done.get(i);
      if (reply.status() == 503) {
        assertThat(reply.code()).isEqualTo("OVERLOADED");
        assertThat(reply.header("Retry-After")).isEqualTo("1");
        // Shed at the pool's timeout, not after the lock (held until 48 answered, up to 30 s).
        assertThat(took.get(i))
            .isBetween(POOL_TIMEOUT.minusMillis(50), POOL_TIMEOUT.plusSeconds(5));
      }
    }
    assertThat(balance(sink.id())).isEqualTo(200);

    for (int i = 0; i < 50; i++) {
      ApiClient.Reply retry = transfer(payers.get(i), sink.id(), 100, keys.get(i));
      assertThat(retry.status()).as(retry.body()).isEqualTo(201);
      boolean firstTimeBefore = done.get(i).status() == 201;
      assertThat(retry.header("Idempotent-Replayed") != null).isEqualTo(firstTimeBefore);
    }
    assertThat(balance(sink.id())).isEqualTo(5_000);
    assertThat(entrySum(sink.id())).isEqualTo(5_000);
    // Posted one by one (no group commit here), the sink's hash chain holds as a batch's does.
    JsonNode chain = api().get("/v1/accounts/" + sink.id() + "/verification", OPERATOR).json();
    assertThat(chain.get("verified").asBoolean()).isTrue();
    assertThat(chain.get("entries").asLong()).isEqualTo(50);
    assertThat(api().get("/actuator/prometheus", OPERATOR).body())
        .containsPattern("ledger_overloaded_total [1-9]")
        .contains("hikaricp_connections_acquire_seconds");
  }
}
