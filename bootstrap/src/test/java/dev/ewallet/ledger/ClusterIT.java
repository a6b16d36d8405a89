package dev.ewallet.ledger;

import static dev.ewallet.ledger.EventStreams.streamOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.adapter.redis.testing.FreePorts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three service processes on one database behind HAProxy, started and stopped by the operators' own
 * scripts (ops/cluster): the checks a bank asks of any scale-out, through the balancer. One key
 * sent at once to different instances posts once; 100 concurrent transfers of 1,000 on 50,000 post
 * exactly 50 wherever they land; one user's rate budget is the cluster's, not each instance's; the
 * instances' outbox relays, one batch at a time, deliver every account's events in posting order;
 * merchant shards added on one instance are used by all. The test context's own instance shares the
 * database, Redis and the broker, as a fourth member.
 */
class ClusterIT extends LedgerIntegrationTest {

  private static final int INSTANCES = 3;
  private static final int BUDGET = 10;
  private static Path run;
  private static int port;

  @BeforeAll
  static void startCluster() throws Exception {
    assumeTrue(onPath("haproxy"), "needs haproxy (apt-get install haproxy; .ci/run installs it)");
    run = Files.createTempDirectory("ledger-cluster");
    port = FreePorts.consecutive(INSTANCES + 1);
    ProcessBuilder start =
        new ProcessBuilder(
                "bash",
                "../ops/cluster/start.sh",
                "--instances",
                String.valueOf(INSTANCES),
                "--port",
                String.valueOf(port),
                "--dir",
                run.toString())
            .redirectErrorStream(true);
    Map<String, String> env = start.environment();
    env.put("LEDGER_DB_URL", PostgresTestDatabase.url());
    env.put("LEDGER_DB_USER", PostgresTestDatabase.RUNTIME);
    env.put("LEDGER_DB_OWNER", PostgresTestDatabase.OWNER);
    env.put("LEDGER_KAFKA_BOOTSTRAP_SERVERS", KafkaTestBroker.bootstrapServers());
    env.put("LEDGER_REDIS_URL", SharedRedis.url());
    env.put("LEDGER_SECURITY_MODE", "local");
    env.put("LEDGER_SECURITY_JWT_SECRET", TestTokens.SECRET);
    env.put("LEDGER_SECURITY_ISSUER", TestTokens.ISSUER);
    env.put("LEDGER_SECURITY_AUDIENCE", TestTokens.AUDIENCE);
    env.put("LEDGER_BANK_GATEWAY", "simulator");
    env.put("LEDGER_RECONCILIATION_CRON", "-");
    // The concurrency checks send a hundred transfers at once as one user; the budget check reads.
    env.put("LEDGER_RATE_LIMIT_PER_USER_PER_SECOND", "1000000");
    env.put("LEDGER_RATE_LIMIT_READS_PER_USER_PER_SECOND", String.valueOf(BUDGET));
    env.put("LEDGER_MERCHANTS_SWEEP_INTERVAL", "PT1H");
    env.put("LEDGER_REQUEST_TIMEOUT", "PT60S");
    // PostgreSQL's 100 connections are shared with this JVM's own pool of 40.
    env.put("LEDGER_DB_POOL_SIZE", "10");
    env.put("LEDGER_DB_CONNECTION_TIMEOUT_MS", "30000");
    env.put("LEDGER_GROUP_COMMIT_MAX_QUEUE_WAIT", "PT30S");
    // Small heaps and the quick compiler: four JVMs share two cores while the cluster starts.
    env.put("LEDGER_JAVA_OPTS", "-XX:+UseSerialGC -Xmx384m -XX:TieredStopAtLevel=1");
    Process process = start.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).as(output).isZero();
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (run != null) {
      new ProcessBuilder("bash", "../ops/cluster/stop.sh", "--dir", run.toString())
          .inheritIO()
          .start()
          .waitFor();
    }
  }

  private static boolean onPath(String command) {
    try {
      return new ProcessBuilder("sh", "-c", "command -v " + command).start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /** The balancer in front of the instances. */
  private ApiClient balancer() {
    return new ApiClient(port);
  }

  /** One instance, past the balancer. */
  private ApiClient instance(int number) {
    return new ApiClient(port + number);
  }

  private static Set<String> servedBy(List<ApiClient.Reply> replies) {
    return replies.stream().map(r -> r.header("X-Served-By")).collect(Collectors.toSet());
  }

  @Test
  void oneKeySentAtOnceToDifferentInstancesPostsOnce() throws Exception {
    assertThat(servedBy(assertOneKeyPostsOnce(balancer(), 3 * INSTANCES))).hasSize(INSTANCES);
  }

  @Test
  void fiftyOfAHundredPostWhereverTheyLand() throws Exception {
    assertThat(servedBy(assertFiftyOfAHundredPost(balancer()))).hasSize(INSTANCES);
  }

  /**
   * A user's read budget is {@value #BUDGET} requests a second across the cluster: a burst spread
   * over the instances is admitted about once, not once per instance. The bound is the limiter's
   * stated error: each instance's bucket holds its share, {@code ceil(BUDGET / INSTANCES)}, and
   * refills at that rate, so the cluster admits at most {@code BUDGET + INSTANCES - 1} at once and
   * as many again every second the burst took. A slow machine that stretches the burst over seconds
   * therefore cannot fail the test, and the bound stays below what three separate budgets admit
   * over the same time.
   */
  @Test
  void oneUsersBudgetIsTheClustersNotEachInstances() throws Exception {
    Wallet wallet = openWallet();
    int burst = 90;
    long started = System.nanoTime();
    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, burst)
                .<Callable<ApiClient.Reply>>mapToObj(
                    i -> () -> balancer().get("/v1/accounts/" + wallet.id(), wallet.token()))
                .toList());
    double seconds = (System.nanoTime() - started) / 1e9;

    assertThat(servedBy(replies)).hasSize(INSTANCES);
    long admitted = replies.stream().filter(r -> r.status() != 429).count();
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isIn(200, 429));
    assertThat(admitted).isPositive();
    assertThat((double) admitted)
        .as("admitted of %d in %.2f s", burst, seconds)
        .isLessThanOrEqualTo((BUDGET + INSTANCES - 1) * (1 + Math.ceil(seconds)));
  }

  @Test
  void theInstancesRelaysDeliverEveryAccountsEventsInPostingOrder() throws Exception {
    List<Wallet> wallets = List.of(walletWith(100_000), walletWith(100_000), walletWith(100_000));

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, 150)
                .<Callable<ApiClient.Reply>>mapToObj(i -> {
                  Wallet from = wallets.get(i % 3);
                  Wallet to = wallets.get((i + 1 + i / 3 % 2) % 3);
                  return () -> transfer(balancer(), from, to.id(), 1 + i % 5, ApiClient.newKey());
                })
                .toList());
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isEqualTo(201));
    assertThat(servedBy(replies)).hasSize(INSTANCES);

    List<ConsumerRecord<String, String>> records =
        EventStreams.consumeStreamsOf(
            jdbc, wallets.get(0).id(), wallets.get(1).id(), wallets.get(2).id());
    for (Wallet wallet : wallets) {
      assertThat(streamOf(records, wallet.id()))
          .as("account %d in posting order", wallet.id())
          .isEqualTo(EventStreams.postedOrderOf(jdbc, wallet.id()));
    }
  }

  @Test
  void shardsAddedOnOneInstanceAreUsedByAll() throws Exception {
    Merchant merchant = openMerchant(1);
    String shardsOf = "SELECT id FROM account WHERE parent_id = ?";
    Set<Long> before = Set.copyOf(jdbc.sql(shardsOf).param(merchant.id()).query(Long.class).list());
    ApiClient.Reply grown =
        instance(1)
            .post("/v1/accounts/" + merchant.id() + "/shards", OPERATOR, null, "{\"shards\":4}");
    assertThat(grown.status()).as(grown.body()).isEqualTo(200);
    Set<Long> added =
        jdbc.sql(shardsOf).param(merchant.id()).query(Long.class).stream()
            .filter(id -> !before.contains(id))
            .collect(Collectors.toSet());
    assertThat(added).hasSize(3);

    // Each instance learns of new shards within its routing cache's 5 s; until then its credits
    // land where they did, which is correct, only less spread. A minute bounds the wait.
    for (int number = 1; number <= INSTANCES; number++) {
      Wallet payer = walletWith(1_000_000);
      long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      boolean onAShard = false;
      while (!onAShard && System.nanoTime() < deadline) {
        ApiClient.Reply paid =
            instance(number)
                .post(
                    "/v1/transfers",
                    payer.token(),
                    ApiClient.newKey(),
                    "{\"fromAccountId\":"
                        + payer.id()
                        + ",\"toAccountId\":"
                        + merchant.id()
                        + ",\"amount\":1}");
        assertThat(paid.status()).as(paid.body()).isEqualTo(201);
        long credited =
            jdbc.sql(
                    "SELECT account_id FROM ledger_entry WHERE transaction_id = ?::uuid"
                        + " AND amount > 0")
                .param(paid.json().get("transactionId").asText())
                .query(Long.class)
                .single();
        onAShard = added.contains(credited);
        if (!onAShard) {
          Thread.sleep(500);
        }
      }
      assertThat(onAShard).as("instance %d credits a new shard", number).isTrue();
    }
    assertBooksBalance();
  }
}
