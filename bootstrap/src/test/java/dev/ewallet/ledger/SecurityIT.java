package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The attacks of the security review, tried over HTTP: tokens that live too long or come from the
 * wrong issuer, JSON that smuggles a second amount or control characters, and configurations that
 * would let a shared secret verify production tokens.
 */
class SecurityIT extends LedgerIntegrationTest {

  private static String token(long user, JWTClaimsSet.Builder times) {
    return TestTokens.sign(times.build(), TestTokens.SECRET);
  }

  private static JWTClaimsSet.Builder user(long user) {
    return TestTokens.claims(String.valueOf(user), "ledger.user");
  }

  private static Date in(Duration offset) {
    return Date.from(Instant.now().plus(offset));
  }

  @Test
  void tokensWithoutExpiryLivingTooLongOrFromElsewhereAreRefused() {
    Wallet wallet = openWallet();
    long owner = wallet.owner();
    Map<String, String> refused = new LinkedHashMap<>();
    refused.put("no exp", token(owner, user(owner).issueTime(in(Duration.ZERO))));
    refused.put(
        "ten years",
        token(
            owner,
            user(owner).issueTime(in(Duration.ZERO)).expirationTime(in(Duration.ofDays(3650)))));
    refused.put(
        "no iat, ten years", token(owner, user(owner).expirationTime(in(Duration.ofDays(3650)))));
    refused.put(
        "iat in the future",
        token(
            owner,
            user(owner)
                .issueTime(in(Duration.ofDays(3650)))
                .expirationTime(in(Duration.ofDays(3650).plusHours(1)))));
    refused.put(
        "expired beyond the skew",
        token(
            owner,
            user(owner)
                .issueTime(in(Duration.ofHours(-1)))
                .expirationTime(in(Duration.ofSeconds(-45)))));
    refused.put(
        "wrong issuer",
        token(
            owner,
            user(owner)
                .issuer("https://attacker.example")
                .issueTime(in(Duration.ZERO))
                .expirationTime(in(Duration.ofHours(1)))));
    refused.put(
        "wrong audience",
        token(
            owner,
            user(owner)
                .audience("another-service")
                .issueTime(in(Duration.ZERO))
                .expirationTime(in(Duration.ofHours(1)))));

    refused.forEach((why, token) -> {
      ApiClient.Reply reply = api().get("/v1/accounts/" + wallet.id(), token);
      assertThat(reply.status()).as(why + ": " + reply.body()).isEqualTo(401);
      assertThat(reply.code()).isEqualTo("UNAUTHENTICATED");
    });
    String fine =
        token(
            owner,
            user(owner).issueTime(in(Duration.ZERO)).expirationTime(in(Duration.ofHours(24))));
    assertThat(api().get("/v1/accounts/" + wallet.id(), fine).status()).isEqualTo(200);
  }

  /**
   * The screening of headers (checked by hand, not by Spring Security's patterns) over HTTP: bearer
   * headers that are not well formed are refused as malformed, and a header value with a control
   * character (NEL, which Tomcat lets through as byte 0x85) is refused once the service reads it.
   */
  @Test
  void malformedBearerHeadersAndControlCharactersInHeadersAreRefused() throws Exception {
    Wallet wallet = openWallet();
    for (String header : List.of("Bearer " + wallet.token() + " x", "Bearer a=b", "bearer  x")) {
      ApiClient.Reply reply =
          api()
              .send(
                  api()
                      .request("/v1/accounts/" + wallet.id(), null)
                      .header("Authorization", header)
                      .GET());
      assertThat(reply.status()).as(header).isEqualTo(401);
      assertThat(reply.body()).as(header).contains("Bearer token is malformed");
    }
    // The firewall checks a header when the service reads it: If-None-Match is read for the ETag.
    assertThat(rawStatus(wallet, "If-None-Match: \"ab\"")).isEqualTo(200);
    assertThat(rawStatus(wallet, "If-None-Match: \"a\u0085b\"")).isEqualTo(400);
  }

  /** The status of a GET of the wallet, written byte by byte (ISO-8859-1). */
  private int rawStatus(Wallet wallet, String extraHeader) throws Exception {
    return RawHttp.exchange(
            port,
            "GET /v1/accounts/" + wallet.id() + " HTTP/1.1",
            "Authorization: Bearer " + wallet.token(),
            extraHeader)
        .status();
  }

  @Test
  void aFieldGivenTwiceIsRefusedNotTheLastOneWinning() {
    Wallet alice = walletWith(100_000);
    Wallet bob = openWallet();

    ApiClient.Reply reply =
        api()
            .post(
                "/v1/transfers",
                alice.token(),
                ApiClient.newKey(),
                "{\"fromAccountId\":"
                    + alice.id()
                    + ",\"toAccountId\":"
                    + bob.id()
                    + ",\"amount\":1,\"amount\":90000}");

    assertThat(reply.status()).as(reply.body()).isEqualTo(400);
    assertThat(reply.code()).isEqualTo("VALIDATION_FAILED");
    assertThat(reply.json().get("detail").asText()).contains("twice");
    assertThat(balance(alice.id())).isEqualTo(100_000);
  }

  @Test
  void controlCharactersInAnyTextFieldAreRefused() {
    Wallet wallet = walletWith(10_000);
    String deposit =
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + ",\"amount\":100}")
            .json()
            .get("transactionId")
            .asText();
    String withdrawal =
        api()
            .post(
                "/v1/withdrawals",
                wallet.token(),
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + ",\"amount\":100}")
            .json()
            .get("withdrawalId")
            .asText();
    for (String control : List.of("\\u0000", "\\u0007", "\\n", "\\u001f", "\\u007f")) {
      // Every text field a request body has: currency and kind, and the two reasons.
      List<Map.Entry<String, String>> requests =
          List.of(
              Map.entry("/v1/accounts", "{\"currency\":\"VN" + control + "\"}"),
              Map.entry("/v1/accounts", "{\"currency\":\"VND\",\"kind\":\"USER" + control + "\"}"),
              Map.entry(
                  "/v1/transactions/" + deposit + "/reversal",
                  "{\"reason\":\"typo" + control + "\"}"),
              Map.entry(
                  "/v1/withdrawals/" + withdrawal + "/fail",
                  "{\"reason\":\"closed" + control + "\"}"));
      requests.forEach(request -> {
        String path = request.getKey();
        String body = request.getValue();
        ApiClient.Reply reply = api().post(path, OPERATOR, ApiClient.newKey(), body);
        assertThat(reply.status()).as(path + " " + body + ": " + reply.body()).isEqualTo(400);
        assertThat(reply.code()).isEqualTo("VALIDATION_FAILED");
        assertThat(reply.json().get("detail").asText()).contains("control character");
      });
    }
    assertThat(balance(wallet.id())).isEqualTo(10_000);
    assertBooksBalance();
  }

  @Test
  void outsideLocalModeTheServiceRunsOnlyAsTheRuntimeRole() {
    Map<String, Object> production = new LinkedHashMap<>(TestCheckpointKeys.signing());
    production.put("ledger.security.mode", "production");
    production.put("ledger.security.jwt-secret", "");
    production.put(
        "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", "http://127.0.0.1:9/jwks");
    String[] superuser = PostgresTestDatabase.superuserCredentials();
    Map<String, Object> asSuperuser = new LinkedHashMap<>(production);
    asSuperuser.put("spring.datasource.username", superuser[0]);
    asSuperuser.put("spring.datasource.password", superuser[1]);
    Map<String, Object> asOwner = new LinkedHashMap<>(production);
    asOwner.put("spring.datasource.username", PostgresTestDatabase.OWNER);

    assertThatThrownBy(() -> startAnotherInstance(asSuperuser))
        .hasStackTraceContaining("as a superuser");
    assertThatThrownBy(() -> startAnotherInstance(asOwner))
        .hasStackTraceContaining("owns the ledger's schema");
    try (ConfigurableApplicationContext service = startAnotherInstance(production)) {
      ApiClient.Reply health = clientOf(service).get("/actuator/health", null);
      assertThat(health.status()).isEqualTo(200);
      assertThat(clientOf(service).get("/swagger-ui/index.html", null).status())
          .as("no Swagger UI outside local mode")
          .isIn(401, 404);
      ApiClient.Reply preflight =
          clientOf(service).preflight("/v1/transfers", "https://wallet.example", "POST", null);
      assertThat(preflight.status()).as("no origin is allowed unless named").isEqualTo(401);
      assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
    }
  }

  @Test
  void startupIsRefusedWhereTheSessionsWouldSkipTheJournalsTriggers() {
    // A role with the runtime role's rights, to which a superuser gave the replica mode: the
    // shared runtime role's own sessions are never touched.
    String role = "ledger_test_replica_" + UUID.randomUUID().toString().replace("-", "");
    JdbcTemplate superuser = new JdbcTemplate(PostgresTestDatabase.superuser());
    String database = superuser.queryForObject("SELECT current_database()", String.class);
    superuser.execute("CREATE ROLE " + role + " LOGIN IN ROLE " + PostgresTestDatabase.RUNTIME);
    try {
      superuser.execute(
          "ALTER ROLE "
              + role
              + " IN DATABASE "
              + database
              + " SET session_replication_role = replica");

      assertThatThrownBy(() -> startAnotherInstance(Map.of("spring.datasource.username", role)))
          .hasStackTraceContaining("session_replication_role = replica");
    } finally {
      superuser.execute("DROP ROLE " + role);
    }
  }

  @Test
  void startupIsRefusedWhereASharedSecretCouldVerifyProductionTokens() {
    Map<String, Object> production = new LinkedHashMap<>(TestCheckpointKeys.signing());
    production.put("ledger.security.mode", "production");
    assertThatThrownBy(() -> startAnotherInstance(production))
        .hasStackTraceContaining("outside ledger.security.mode=local");
    Map<String, Object> sharedSecret = new LinkedHashMap<>(production);
    sharedSecret.put("ledger.security.jwt-secret", "local-development-secret-change-me-0123456789");
    assertThatThrownBy(() -> startAnotherInstance(sharedSecret))
        .hasStackTraceContaining("outside ledger.security.mode=local");
    assertThatThrownBy(() ->
            startAnotherInstance(
                Map.of(
                    "spring.security.oauth2.resourceserver.jwt.jwk-set-uri",
                    "https://identity.example/jwks")))
        .hasStackTraceContaining("verified one way only");
    Map<String, Object> noVerification = new LinkedHashMap<>(production);
    noVerification.put("ledger.security.jwt-secret", "");
    assertThatThrownBy(() -> startAnotherInstance(noVerification))
        .hasStackTraceContaining("no token verification is configured");
  }
}
