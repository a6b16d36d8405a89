package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.WebhookReceiver.Behaviour;
import dev.ewallet.ledger.WebhookReceiver.Received;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.adapter.redis.testing.FreePorts;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A service instance killed with SIGKILL while a receiver holds one of its deliveries unanswered:
 * the delivery was never marked, so the next instance takes the endpoint over once the dead one's
 * lease runs out and sends it again with everything after it, each account's events in posting
 * order; the receiver, deduplicating by event id, ends with every posting exactly once. The
 * instances are the built service's jar in processes of their own; this test's context posts and
 * reads but delivers nothing itself ({@code ledger.webhooks.delivery-enabled=false}), and all of
 * them use a database of their own, which the shared context's deliverer never sees: the killed
 * process is the one sending. Closed after the class, as no other class shares it.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "ledger.security.jwt-secret=" + TestTokens.SECRET,
      "ledger.security.issuer=" + TestTokens.ISSUER,
      "ledger.security.audience=" + TestTokens.AUDIENCE,
      "ledger.rate-limit.per-user-per-second=1000000",
      "ledger.webhooks.delivery-enabled=false"
    })
@ActiveProfiles("systemtest")
@DirtiesContext
class WebhookCrashIT extends SystemTestSupport {

  private static final Duration PATIENCE = Duration.ofMinutes(3);

  /** This test's own database: its endpoint is delivered to by its child processes only. */
  private static final String DATABASE = PostgresTestDatabase.scratchDatabase();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    PostgresTestDatabase.registerOwn(registry, DATABASE);
    registry.add("spring.kafka.bootstrap-servers", KafkaTestBroker::bootstrapServers);
    registry.add("ledger.redis.url", SharedRedis::url);
  }

  /** The built service, in a process of its own on a free port, delivering webhooks. */
  private static Process instance(Path log) throws IOException {
    File jar =
        Files.list(Path.of("target"))
            .filter(p -> p.getFileName().toString().matches("bootstrap-.*\\.jar"))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("package the service first"))
            .toFile();
    String java = ProcessHandle.current().info().command().orElse("java");
    ProcessBuilder start =
        new ProcessBuilder(
                java,
                "-XX:+UseSerialGC",
                "-Xmx384m",
                "-XX:TieredStopAtLevel=1",
                "-jar",
                jar.getAbsolutePath())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    Map<String, String> env = start.environment();
    env.put("LEDGER_PORT", String.valueOf(FreePorts.one()));
    env.put("LEDGER_DB_URL", DATABASE);
    env.put("LEDGER_DB_USER", PostgresTestDatabase.RUNTIME);
    env.put("LEDGER_DB_OWNER", PostgresTestDatabase.OWNER);
    env.put("LEDGER_DB_POOL_SIZE", "5");
    env.put("LEDGER_KAFKA_BOOTSTRAP_SERVERS", KafkaTestBroker.bootstrapServers());
    env.put("LEDGER_REDIS_URL", SharedRedis.url());
    env.put("LEDGER_SECURITY_MODE", "local");
    env.put("LEDGER_SECURITY_JWT_SECRET", TestTokens.SECRET);
    env.put("LEDGER_BANK_GATEWAY", "simulator");
    env.put("LEDGER_RECONCILIATION_CRON", "-");
    // A held delivery waits for the kill, not for the timeout (a loaded machine may take seconds
    // between seeing it held and killing its sender); the next instance takes the endpoint over
    // once the lease runs out.
    env.put("LEDGER_WEBHOOKS_TIMEOUT", "PT20S");
    env.put("LEDGER_WEBHOOKS_LEASE", "PT21S");
    env.put("LEDGER_WEBHOOKS_POLLINTERVAL", "PT0.1S");
    return start.start();
  }

  private static void await(String what, BooleanSupplier condition) {
    await(condition, PATIENCE, what);
  }

  @Test
  void aDeliveryUnansweredWhenItsSenderIsKilledIsSentAgainByTheNextInstanceInOrder()
      throws Exception {
    Wallet payer = walletWith(1_000_000);
    Wallet payee = openWallet();
    Path logs = Files.createTempDirectory("ledger-webhook-crash");
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      ApiClient.Reply created =
          api()
              .post(
                  "/v1/webhook-endpoints",
                  OPERATOR,
                  null,
                  "{\"url\":\""
                      + receiver.url()
                      + "\",\"eventTypes\":[\"transaction.posted\"],\"accountId\":"
                      + payee.id()
                      + "}");
      assertThat(created.status()).as(created.body()).isEqualTo(201);
      long endpoint = created.json().get("id").asLong();
      receiver.verifyWith(created.json().get("secret").asText());
      receiver.behave(Behaviour.HOLD);
      List<String> posted = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        ApiClient.Reply reply = transfer(payer, payee.id(), 10 + i, ApiClient.newKey());
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        posted.add(reply.json().get("transactionId").asText());
      }

      Process first = instance(logs.resolve("first.log"));
      Process second = null;
      try {
        await("the first instance to send, and the receiver to hold it", () -> receiver.held() > 0);
        first.destroyForcibly().waitFor();
        assertThat(
                jdbc.sql(
                        "SELECT count(*) FROM webhook_delivery WHERE endpoint_id = ? AND status = 'PENDING'")
                    .param(endpoint)
                    .query(Long.class)
                    .single())
            .as("nothing marked: the killed instance never heard an answer")
            .isEqualTo(posted.size());
        receiver.release();

        second = instance(logs.resolve("second.log"));
        await(
            "every transfer, sent again by the second instance",
            () -> receiver.events().size() == posted.size());
      } finally {
        first.destroyForcibly();
        if (second != null) {
          second.destroyForcibly().waitFor();
        }
        api().delete("/v1/webhook-endpoints/" + endpoint, OPERATOR);
      }

      List<Received> events = receiver.events();
      assertThat(events.stream().map(e -> e.data().get("transactionId").asText()))
          .as("each transfer once after deduplication, in posting order")
          .containsExactlyElementsOf(posted);
      assertThat(events).allMatch(Received::signed);
      assertThat(receiver.arrivals())
          .as("the held delivery arrived twice: at least once, never lost")
          .hasSizeGreaterThan(posted.size())
          .filteredOn(events.getFirst().eventId()::equals)
          .hasSize(2);
    }
  }
}
