package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every error code of shared/API.md over HTTP: each answers RFC 9457 problem+json with its status
 * and stable code, never a 500, and leaves the balances as they were.
 */
class ApiErrorsIT extends LedgerIntegrationTest {

  /** A write to {@code path} with a body of {@code contentType}, under a new idempotency key. */
  private HttpRequest.Builder write(String path, String token, String contentType) {
    return api()
        .request(path, token)
        .header("Content-Type", contentType)
        .header("Idempotency-Key", ApiClient.newKey());
  }

  private String transferBody(long from, long to, String amount) {
    return "{\"fromAccountId\":" + from + ",\"toAccountId\":" + to + ",\"amount\":" + amount + "}";
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1.5",
        "\"100\"",
        "0",
        "-5",
        "9223372036854775808",
        "true",
        "null",
        "1e3",
        "100.0"
      })
  void badAmountsAreRejectedAndNothingMoves(String amount) {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();

    ApiClient.Reply reply =
        api()
            .post(
                "/v1/transfers",
                from.token(),
                ApiClient.newKey(),
                transferBody(from.id(), to.id(), amount));

    assertProblem(reply, 400, "VALIDATION_FAILED");
    assertThat(balance(from.id())).isEqualTo(1_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"fromAccountId\":1,\"toAccountId\":2,\"amount\":5,\"memo\":\"x\"}",
        "{\"fromAccountId\":1,\"toAccountId\":2}",
        "{\"fromAccountId\":\"1\",\"toAccountId\":2,\"amount\":5}",
        "{\"fromAccountId\":1,\"toAccountId\":2,\"amount\":5",
        "[1,2,5]",
        "not json",
        ""
      })
  void malformedBodiesAreRejected(String body) {
    Wallet wallet = openWallet();
    assertProblem(
        api().post("/v1/transfers", wallet.token(), ApiClient.newKey(), body),
        400,
        "VALIDATION_FAILED");
  }

  @Test
  void badParametersAndPathsAreRejected() {
    Wallet wallet = openWallet();
    assertProblem(api().get("/v1/accounts/abc", wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(api().get("/v1/accounts/0", wallet.token()), 400, "VALIDATION_FAILED");
    String entries = "/v1/accounts/" + wallet.id() + "/entries";
    assertProblem(api().get(entries + "?limit=0", wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(api().get(entries + "?limit=101", wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(api().get(entries + "?limit=x", wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(api().get(entries + "?cursor=bm9wZQ", wallet.token()), 400, "VALIDATION_FAILED");
    // An audit cursor, a history cursor with a time that is not a number, and one with no id.
    for (String cursor :
        new String[] {
          "YmVmb3JlOjU", "ZW50cmllcy1iZWZvcmU6eDo1", "ZW50cmllcy1iZWZvcmU6MTcwMDAwMDAwMDAwMDAwMA"
        }) {
      assertProblem(
          api().get(entries + "?cursor=" + cursor, wallet.token()), 400, "VALIDATION_FAILED");
    }
    assertProblem(api().get("/v1/transactions/nope", wallet.token()), 400, "VALIDATION_FAILED");
    assertProblem(
        api().post("/v1/accounts", wallet.token(), null, "{\"currency\":\"DOGE\"}"),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api().post("/v1/accounts", OPERATOR, null, "{\"currency\":\"VND\",\"kind\":\"GOLD\"}"),
        400,
        "VALIDATION_FAILED");
  }

  @Test
  void idempotencyKeyMustBePresentAndWellFormed() {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();
    String body = transferBody(from.id(), to.id(), "10");

    assertProblem(
        api().post("/v1/transfers", from.token(), null, body), 400, "IDEMPOTENCY_KEY_MISSING");
    assertProblem(
        api().post("/v1/transfers", from.token(), "x".repeat(256), body),
        400,
        "IDEMPOTENCY_KEY_INVALID");
    assertProblem(
        api().post("/v1/deposits", OPERATOR, "", "{\"accountId\":" + to.id() + ",\"amount\":1}"),
        400,
        "IDEMPOTENCY_KEY_INVALID");
    // Given twice, the values would be joined into a third key that matches neither.
    assertProblem(
        api()
            .send(
                write("/v1/transfers", from.token(), "application/json")
                    .header("Idempotency-Key", ApiClient.newKey())
                    .POST(HttpRequest.BodyPublishers.ofString(body))),
        400,
        "IDEMPOTENCY_KEY_INVALID");
    assertThat(balance(from.id())).isEqualTo(1_000);
  }

  @Test
  void aQueryParameterTheRouteDoesNotTakeOrGivenTwiceIsRefusedNotIgnored() {
    Wallet wallet = walletWith(1_000);
    String entries = "/v1/accounts/" + wallet.id() + "/entries";
    assertThat(api().get(entries + "?limit=5", wallet.token()).status()).isEqualTo(200);

    for (String query :
        new String[] {
          "?limit=5&limit=6",
          "?type=DEPOSIT&%74ype=TRANSFER",
          "?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&to=2030-01-01T00:00:00Z"
        }) {
      ApiClient.Reply reply = api().get(entries + query, wallet.token());
      assertProblem(reply, 400, "VALIDATION_FAILED");
      assertThat(reply.json().get("detail").asText()).contains("more than once");
    }
    // A misspelt filter would otherwise answer the whole history as if it were filtered.
    ApiClient.Reply misspelt = api().get(entries + "?minAmout=5000", wallet.token());
    assertProblem(misspelt, 400, "VALIDATION_FAILED");
    assertThat(misspelt.json().get("detail").asText()).contains("'minAmout'").contains("minAmount");
    assertProblem(
        api().get("/v1/accounts/" + wallet.id() + "?verbose=true", wallet.token()),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api().post("/v1/transfers?dryRun=true", wallet.token(), ApiClient.newKey(), "{}"),
        400,
        "VALIDATION_FAILED");
    assertThat(balance(wallet.id())).isEqualTo(1_000);
    assertProblem(
        api()
            .get(
                "/v1/accounts/"
                    + wallet.id()
                    + "/statement?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z"
                    + "&from=2025-01-01T00:00:00Z",
                wallet.token()),
        400,
        "VALIDATION_FAILED");
  }

  @Test
  void missingBadOrExpiredTokensAreUnauthenticated() {
    Wallet wallet = openWallet();
    String path = "/v1/accounts/" + wallet.id();
    String wrongSecret =
        TestTokens.sign(
            String.valueOf(wallet.owner()),
            "ledger.user",
            "another-secret-0123456789-abcdefgh",
            Duration.ofHours(1));
    String expired =
        TestTokens.sign(
            String.valueOf(wallet.owner()),
            "ledger.user",
            TestTokens.SECRET,
            Duration.ofMinutes(-10));
    String notANumber =
        TestTokens.sign("alice", "ledger.user", TestTokens.SECRET, Duration.ofHours(1));

    for (String token : new String[] {null, "garbage", wrongSecret, expired, notANumber}) {
      ApiClient.Reply reply = api().get(path, token);
      assertProblem(reply, 401, "UNAUTHENTICATED");
      assertThat(reply.header("WWW-Authenticate")).startsWith("Bearer");
    }
  }

  @Test
  void othersWalletsAndOperatorRoutesAreForbidden() {
    Wallet alice = walletWith(1_000);
    Wallet bob = openWallet();

    assertProblem(api().get("/v1/accounts/" + alice.id(), bob.token()), 403, "FORBIDDEN");
    assertProblem(
        api().get("/v1/accounts/" + alice.id() + "/entries", bob.token()), 403, "FORBIDDEN");
    assertProblem(
        api().get("/v1/accounts?ownerId=" + alice.owner(), bob.token()), 403, "FORBIDDEN");
    assertProblem(transfer(bob, bob.id(), 1, ApiClient.newKey()), 422, "SAME_ACCOUNT");
    assertProblem(
        api()
            .post(
                "/v1/transfers",
                bob.token(),
                ApiClient.newKey(),
                transferBody(alice.id(), bob.id(), "10")),
        403,
        "FORBIDDEN");
    assertProblem(
        api()
            .post(
                "/v1/deposits",
                bob.token(),
                ApiClient.newKey(),
                "{\"accountId\":" + bob.id() + ",\"amount\":10}"),
        403,
        "FORBIDDEN");
    assertProblem(api().get("/v1/reconciliation", bob.token()), 403, "FORBIDDEN");
    assertProblem(
        api()
            .post(
                "/v1/accounts",
                bob.token(),
                null,
                "{\"currency\":\"VND\",\"ownerId\":" + alice.owner() + "}"),
        403,
        "FORBIDDEN");
    assertThat(balance(alice.id())).isEqualTo(1_000);
    assertThat(balance(bob.id())).isZero();
  }

  @Test
  void unknownAccountsAndTransactionsAreNotFound() {
    Wallet wallet = walletWith(1_000);
    assertProblem(api().get("/v1/accounts/999999999", wallet.token()), 404, "ACCOUNT_NOT_FOUND");
    assertProblem(transfer(wallet, 999_999_999, 10, ApiClient.newKey()), 404, "ACCOUNT_NOT_FOUND");
    assertProblem(
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":999999999,\"amount\":1}"),
        404,
        "ACCOUNT_NOT_FOUND");
    String unknown = UUID.randomUUID().toString();
    assertProblem(api().get("/v1/transactions/" + unknown, OPERATOR), 404, "TRANSACTION_NOT_FOUND");
    assertProblem(
        api().post("/v1/transactions/" + unknown + "/reversal", OPERATOR, ApiClient.newKey(), null),
        404,
        "TRANSACTION_NOT_FOUND");
    assertThat(balance(wallet.id())).isEqualTo(1_000);
  }

  @Test
  void businessRejectionsAreUnprocessable() {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();
    Wallet dollars = openWallet("USD");

    assertProblem(transfer(from, to.id(), 1_001, ApiClient.newKey()), 422, "INSUFFICIENT_FUNDS");
    assertProblem(transfer(from, dollars.id(), 1, ApiClient.newKey()), 422, "CURRENCY_MISMATCH");
    assertProblem(transfer(from, from.id(), 1, ApiClient.newKey()), 422, "SAME_ACCOUNT");
    String key = ApiClient.newKey();
    assertThat(transfer(from, to.id(), 100, key).status()).isEqualTo(201);
    assertProblem(transfer(from, to.id(), 101, key), 422, "IDEMPOTENCY_KEY_REUSED");
    assertThat(balance(from.id())).isEqualTo(900);
    assertThat(balance(to.id())).isEqualTo(100);
  }

  @Test
  void aBalanceBeyondSignedSixtyFourBitsIsRefusedNotWrapped() {
    // Yen, so the saturated bank clearing account of this test disturbs no other test's currency.
    Wallet wallet = openWallet("JPY");
    String deposit = "{\"accountId\":" + wallet.id() + ",\"amount\":" + Long.MAX_VALUE + "}";
    assertThat(api().post("/v1/deposits", OPERATOR, ApiClient.newKey(), deposit).status())
        .isEqualTo(201);

    assertProblem(
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":" + wallet.id() + ",\"amount\":1}"),
        422,
        "AMOUNT_OVERFLOW");
    assertThat(balance(wallet.id())).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void anAmountAboveTheCurrencysMaximumIsRefusedOnEveryFlow() {
    Wallet wallet = walletWith(1_000);
    Wallet other = openWallet();
    String tooMuch = String.valueOf(1_000_000_000_000_001L);
    String account = "{\"accountId\":" + wallet.id() + ",\"amount\":" + tooMuch;
    List<ApiClient.Reply> replies =
        List.of(
            api().post("/v1/deposits", OPERATOR, ApiClient.newKey(), account + "}"),
            api().post("/v1/withdrawals", wallet.token(), ApiClient.newKey(), account + "}"),
            api()
                .post(
                    "/v1/holds",
                    wallet.token(),
                    ApiClient.newKey(),
                    account
                        + ",\"destinationAccountId\":"
                        + other.id()
                        + ",\"expiresAt\":\""
                        + java.time.Instant.now().plusSeconds(3600)
                        + "\"}"),
            transfer(wallet, other.id(), 1_000_000_000_000_001L, ApiClient.newKey()));

    assertThat(replies).allSatisfy(r -> assertProblem(r, 422, "AMOUNT_LIMIT_EXCEEDED"));
    assertThat(balance(wallet.id())).isEqualTo(1_000);
    assertThat(
            api()
                .post(
                    "/v1/deposits",
                    OPERATOR,
                    ApiClient.newKey(),
                    account.replace(tooMuch, "1000000000000000") + "}")
                .status())
        .isEqualTo(201);
  }

  @Test
  void aUserHoldsAtMostTwentyAccounts() {
    Wallet first = openWallet();
    for (int i = 1; i < 20; i++) {
      assertThat(api().post("/v1/accounts", first.token(), null, "{\"currency\":\"VND\"}").status())
          .isEqualTo(201);
    }

    assertProblem(
        api().post("/v1/accounts", first.token(), null, "{\"currency\":\"VND\"}"),
        422,
        "TOO_MANY_ACCOUNTS");
    assertThat(api().get("/v1/accounts", first.token()).json().get("items")).hasSize(20);
  }

  @Test
  void aTransactionIsReversedOnlyOnce() {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();
    String id =
        transfer(from, to.id(), 300, ApiClient.newKey()).json().get("transactionId").asText();
    String path = "/v1/transactions/" + id + "/reversal";

    assertThat(api().post(path, OPERATOR, ApiClient.newKey(), null).status()).isEqualTo(201);
    assertProblem(api().post(path, OPERATOR, ApiClient.newKey(), null), 409, "ALREADY_REVERSED");
    assertThat(balance(from.id())).isEqualTo(1_000);
  }

  @Test
  void bodiesOverSixteenKibAreTooLarge() {
    Wallet from = walletWith(1_000);
    String padding = " ".repeat(17 * 1024);
    String big = "{\"fromAccountId\":" + from.id() + ",\"toAccountId\":2,\"amount\":1}" + padding;

    assertProblem(
        api().post("/v1/transfers", from.token(), ApiClient.newKey(), big),
        413,
        "PAYLOAD_TOO_LARGE");

    // Chunked, so the size is only known while reading.
    byte[] bytes = big.getBytes(StandardCharsets.US_ASCII);
    ApiClient.Reply chunked =
        api()
            .send(
                write("/v1/transfers", from.token(), "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofInputStream(
                            () -> new ByteArrayInputStream(bytes))));
    assertProblem(chunked, 413, "PAYLOAD_TOO_LARGE");
    assertThat(balance(from.id())).isEqualTo(1_000);
  }

  @Test
  void unknownRoutesMethodsAndMediaTypesAreProblemsToo() {
    Wallet wallet = openWallet();
    ApiClient.Reply unknown = api().get("/v1/nothing-here", wallet.token());
    assertProblem(unknown, 404, "NOT_FOUND");
    assertThat(unknown.json().get("detail").asText()).doesNotContain("static");
    assertProblem(
        api().send(api().request("/v1/transfers", wallet.token()).GET()),
        405,
        "METHOD_NOT_ALLOWED");
    assertProblem(
        api()
            .send(
                write("/v1/transfers", wallet.token(), "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString("hello"))),
        415,
        "UNSUPPORTED_MEDIA_TYPE");
  }

  /**
   * JSON only: a YAML body would be read without the JSON rules (1.9 truncated to 1, a field given
   * twice or unknown accepted), so it is refused, and a YAML or XML answer is not offered.
   */
  @Test
  void yamlAndXmlAreNeitherReadNorWritten() {
    Wallet from = walletWith(1_000);
    Wallet to = openWallet();
    String yaml =
        "fromAccountId: " + from.id() + "\ntoAccountId: " + to.id() + "\namount: 1.9\namount: 9\n";

    assertProblem(
        api()
            .send(
                write("/v1/transfers", from.token(), "application/yaml")
                    .POST(HttpRequest.BodyPublishers.ofString(yaml))),
        415,
        "UNSUPPORTED_MEDIA_TYPE");
    for (String format : List.of("application/yaml", "application/xml")) {
      assertProblem(
          api()
              .send(
                  api()
                      .request("/v1/accounts/" + from.id(), from.token())
                      .header("Accept", format)
                      .GET()),
          406,
          "NOT_ACCEPTABLE");
    }
    assertThat(balance(from.id())).isEqualTo(1_000);
  }

  /**
   * Requests no client library would send, written byte by byte, are problems with a code like
   * every other error, not Tomcat's HTML page or Spring Boot's default body: what the firewall
   * refuses (a semicolon, a double slash, an encoded dot segment, an unknown method), what Tomcat
   * refuses before any servlet sees the request (a NUL in the path, a space in it, a header name
   * with a space, no Host), the method Tomcat never serves, and the error page asked for by name.
   */
  @Test
  void requestsRefusedBeforeAnyRouteAreProblemsToo() throws Exception {
    Wallet wallet = openWallet();
    String account = "/v1/accounts/" + wallet.id();
    String bearer = "Authorization: Bearer " + wallet.token();
    for (String refused :
        List.of(
            "GET " + account + ";x=1",
            "GET /v1/" + account,
            "GET /v1/accounts/%2e%2e" + account,
            "FOO " + account,
            "GET " + account + "%00",
            "GET /v1/acc ounts")) {
      assertRawProblem(
          RawHttp.exchange(port, refused + " HTTP/1.1", bearer), 400, "VALIDATION_FAILED");
    }
    assertRawProblem(
        RawHttp.exchange(port, "GET " + account + " HTTP/1.1", bearer, "Bad Header: x"),
        400,
        "VALIDATION_FAILED");
    assertRawProblem(
        RawHttp.exchangeHead(port, "GET " + account + " HTTP/1.1\r\n" + bearer + "\r\n\r\n"),
        400,
        "VALIDATION_FAILED");
    RawHttp.Reply trace = RawHttp.exchange(port, "TRACE " + account + " HTTP/1.1", bearer);
    assertRawProblem(trace, 405, "METHOD_NOT_ALLOWED");
    assertThat(trace.header("Allow")).contains("GET");
    assertProblem(api().get("/error", wallet.token()), 404, "NOT_FOUND");
  }

  private static void assertRawProblem(RawHttp.Reply reply, int status, String code) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
    assertThat(reply.json().get("code").asText()).isEqualTo(code);
    assertThat(reply.json().get("status").asInt()).isEqualTo(status);
    assertThat(reply.json().get("detail").asText()).isNotBlank();
  }
}
