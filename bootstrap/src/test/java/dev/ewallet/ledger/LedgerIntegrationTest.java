package dev.ewallet.ledger;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole service on a random port over the test database, a real Kafka broker and Redis. Every
 * system test but {@link ResilienceIT} extends this class unchanged, so they all share one Spring
 * context. Tests open their own wallets for fresh user ids and never depend on each other's data.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "ledger.security.jwt-secret=" + TestTokens.SECRET,
      "ledger.security.issuer=" + TestTokens.ISSUER,
      "ledger.security.audience=" + TestTokens.AUDIENCE,
      // Yen has no per-transaction maximum beyond 64 bits here, so ApiErrorsIT can reach overflow.
      "ledger.limits.JPY.max-amount=" + Long.MAX_VALUE,
      // The concurrency tests send hundreds of requests as one user; ResilienceIT tests the budget.
      "ledger.rate-limit.per-user-per-second=1000000",
      // Euro transfers pay 1.5 % plus 10 cents, at least 50 and at most 2,000 (FeesIT); no other
      // currency pays a fee.
      "ledger.fees.EUR.basis-points=150",
      "ledger.fees.EUR.fixed=10",
      "ledger.fees.EUR.min=50",
      "ledger.fees.EUR.max=2000",
      // Pound wallets may send at most 5,000 a UTC day by default (LimitsIT).
      "ledger.limits.GBP.daily-out=5000",
      // The one web app whose pages may call the API across origins (CrossOriginIT).
      "ledger.security.allowed-origins=" + LedgerIntegrationTest.ALLOWED_ORIGIN
    })
@ActiveProfiles("systemtest")
abstract class LedgerIntegrationTest extends SystemTestSupport {

  static final String ALLOWED_ORIGIN = "https://wallet.example";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    PostgresTestDatabase.register(registry);
    registry.add("spring.kafka.bootstrap-servers", KafkaTestBroker::bootstrapServers);
    registry.add("ledger.redis.url", SharedRedis::url);
  }
}
