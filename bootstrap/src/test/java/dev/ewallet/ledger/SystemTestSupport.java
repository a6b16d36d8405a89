package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.bankiso20022.CamtFile;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** What system tests do through the API and check in the database: wallets, money, balances. */
abstract class SystemTestSupport {

  @LocalServerPort int port;

  /** The service's own connections: the runtime role, with the migrations' grants only. */
  @Autowired JdbcClient jdbc;

  /** The schema owner's, for what a test must change that the service may not (backdating). */
  final JdbcClient asOwner = JdbcClient.create(PostgresTestDatabase.owner());

  @Autowired Environment environment;

  static final long OPERATOR_ID = 1;
  static final String OPERATOR = TestTokens.operator(OPERATOR_ID);

  ApiClient api() {
    return new ApiClient(port);
  }

  /** A wallet of a fresh user: its id and that user's token. */
  record Wallet(long id, long owner, String token) {}

  Wallet openWallet() {
    return openWallet("VND");
  }

  Wallet openWallet(String currency) {
    long owner = LedgerFixtures.freshUserId();
    String token = TestTokens.user(owner);
    ApiClient.Reply reply =
        api().post("/v1/accounts", token, null, "{\"currency\":\"" + currency + "\"}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return new Wallet(reply.json().get("id").asLong(), owner, token);
  }

  /** A merchant of a fresh user with its shards, opened by an operator, and that user's token. */
  record Merchant(long id, long owner, String token) {}

  Merchant openMerchant(int shards) {
    return openMerchant((Integer) shards);
  }

  /** A merchant opened without shards, as any merchant is before it gets hot. */
  Merchant openMerchant() {
    return openMerchant(null);
  }

  private Merchant openMerchant(Integer shards) {
    long owner = LedgerFixtures.freshUserId();
    ApiClient.Reply created =
        api()
            .post(
                "/v1/accounts",
                OPERATOR,
                null,
                "{\"currency\":\"VND\",\"kind\":\"MERCHANT\",\"ownerId\":"
                    + owner
                    + (shards == null ? "" : ",\"shards\":" + shards)
                    + "}");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.json().get("kind").asText()).isEqualTo("MERCHANT");
    assertThat(created.json().has("shards")).isEqualTo(shards != null);
    if (shards != null) {
      assertThat(created.json().get("shards").asInt()).isEqualTo(shards);
    }
    return new Merchant(created.json().get("id").asLong(), owner, TestTokens.user(owner));
  }

  Wallet walletWith(long balance) {
    Wallet wallet = openWallet();
    deposit(wallet.id(), balance);
    return wallet;
  }

  void deposit(long accountId, long amount) {
    ApiClient.Reply reply =
        api()
            .post(
                "/v1/deposits",
                OPERATOR,
                ApiClient.newKey(),
                "{\"accountId\":" + accountId + ",\"amount\":" + amount + "}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
  }

  ApiClient.Reply transfer(Wallet from, long toId, long amount, String key) {
    return transfer(api(), from, toId, amount, key);
  }

  /** A transfer by the source wallet's owner, sent to {@code instance}. */
  static ApiClient.Reply transfer(
      ApiClient instance, Wallet from, long toId, long amount, String key) {
    return instance.post("/v1/transfers", from.token(), key, transferBody(from, toId, amount, ""));
  }

  /**
   * A transfer by the source wallet's owner under a new key, with {@code moreFields} in its body.
   */
  ApiClient.Reply transferWith(Wallet from, long toId, long amount, String moreFields) {
    return api()
        .post(
            "/v1/transfers",
            from.token(),
            ApiClient.newKey(),
            transferBody(from, toId, amount, moreFields));
  }

  /** A transfer's JSON body; {@code moreFields} is appended inside it (",\"reference\":..."). */
  static String transferBody(Wallet from, long toId, long amount, String moreFields) {
    return "{\"fromAccountId\":"
        + from.id()
        + ",\"toAccountId\":"
        + toId
        + ",\"amount\":"
        + amount
        + moreFields
        + "}";
  }

  /** One transfer of a batch: its own key and a transfer's fields. */
  static String batchItem(String key, long fromId, long toId, long amount) {
    return "{\"key\":\""
        + key
        + "\",\"fromAccountId\":"
        + fromId
        + ",\"toAccountId\":"
        + toId
        + ",\"amount\":"
        + amount
        + "}";
  }

  /** A batch of transfers ({@link #batchItem}s) sent with {@code token}. */
  ApiClient.Reply transferBatch(String token, List<String> items) {
    return api()
        .post(
            "/v1/transfer-batches",
            token,
            null,
            "{\"transfers\":[" + String.join(",", items) + "]}");
  }

  /** {@code count} transfers of {@code amount} under new keys, as batch items. */
  static List<String> batchOf(int count, long fromId, long toId, long amount) {
    return IntStream.range(0, count)
        .mapToObj(i -> batchItem(ApiClient.newKey(), fromId, toId, amount))
        .toList();
  }

  /** An operator's reversal of the transaction, under a new key. */
  ApiClient.Reply reverse(String transactionId) {
    return api()
        .post(
            "/v1/transactions/" + transactionId + "/reversal",
            OPERATOR,
            ApiClient.newKey(),
            "{\"reason\":\"operator error\"}");
  }

  /** Announces a pending deposit, as the operator, with a reference when not null. */
  ApiClient.Reply announce(long accountId, long amount, String reference, String key) {
    return api()
        .post(
            "/v1/deposits",
            OPERATOR,
            key,
            "{\"accountId\":"
                + accountId
                + ",\"amount\":"
                + amount
                + ",\"status\":\"PENDING\""
                + (reference == null ? "" : ",\"reference\":\"" + reference + "\"")
                + "}");
  }

  /** Sets the monitor {@code <field> <operator> <value>} on the account, as {@code token}. */
  ApiClient.Reply setMonitor(
      long accountId, String token, String field, String operator, long value) {
    return api()
        .post(
            "/v1/accounts/" + accountId + "/monitors",
            token,
            null,
            "{\"field\":\""
                + field
                + "\",\"operator\":\""
                + operator
                + "\",\"value\":"
                + value
                + "}");
  }

  ApiClient.Reply withdraw(Wallet wallet, long amount) {
    return withdraw(wallet, amount, null);
  }

  /** A withdrawal naming its payee ({@code payeeJson}, the JSON object), or none when null. */
  ApiClient.Reply withdraw(Wallet wallet, long amount, String payeeJson) {
    return api()
        .post(
            "/v1/withdrawals",
            wallet.token(),
            ApiClient.newKey(),
            "{\"accountId\":"
                + wallet.id()
                + ",\"amount\":"
                + amount
                + (payeeJson == null ? "" : ",\"payee\":" + payeeJson)
                + "}");
  }

  /** Imports an ISO 20022 bank statement file ({@code query}: "" or "?dryRun=true"). */
  ApiClient.Reply importStatement(String token, String xml, String query) {
    return importStatement(token, xml, query, "application/xml");
  }

  /** Imports a bank statement file of that media type. */
  ApiClient.Reply importStatement(String token, String file, String query, String contentType) {
    return api()
        .send(
            api()
                .request("/v1/bank-statements" + query, token)
                .header("Content-Type", contentType)
                .header("Idempotency-Key", ApiClient.newKey())
                .POST(HttpRequest.BodyPublishers.ofString(file)));
  }

  /**
   * Imports an end-of-day statement of the VND safeguarding account closing at exactly what the
   * ledger expects, so that a test whose statements left a shortfall does not leave the shared
   * context's {@code safeguarding} health WARNING for the tests after it.
   */
  void leaveSafeguardingCovered() {
    ApiClient.Reply check = api().get("/v1/safeguarding?currency=VND", OPERATOR);
    String expected = check.json().get("expectedAtBank").asText();
    String id = UUID.randomUUID().toString().substring(0, 8);
    String xml =
        CamtFile.statement()
            .ids("MSG-COVER-" + id, "STMT-COVER-" + id)
            .localAccount("0071000123456")
            .currency("VND")
            .balances(expected, expected)
            .xml();
    ApiClient.Reply covered = importStatement(OPERATOR, xml, "");
    assertThat(covered.status()).as(covered.body()).isEqualTo(201);
    assertThat(
            api()
                .get("/v1/safeguarding?currency=VND", OPERATOR)
                .json()
                .get("shortfall")
                .asBoolean())
        .isFalse();
  }

  ApiClient.Reply hold(Wallet wallet, long destination, long amount, Instant expiresAt) {
    return api()
        .post(
            "/v1/holds",
            wallet.token(),
            ApiClient.newKey(),
            "{\"accountId\":"
                + wallet.id()
                + ",\"amount\":"
                + amount
                + ",\"destinationAccountId\":"
                + destination
                + ",\"expiresAt\":\""
                + expiresAt
                + "\"}");
  }

  long balance(long accountId) {
    return jdbc.sql("SELECT balance FROM account WHERE id = ?")
        .param(accountId)
        .query(Long.class)
        .single();
  }

  long entrySum(long accountId) {
    return jdbc.sql("SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE account_id = ?")
        .param(accountId)
        .query(Long.class)
        .single();
  }

  /** The wallet's newest page of at most 100 entries, oldest first, as its owner reads it. */
  List<JsonNode> oldestFirst(Wallet wallet) {
    List<JsonNode> entries = new ArrayList<>();
    api()
        .get("/v1/accounts/" + wallet.id() + "/entries?limit=100", wallet.token())
        .json()
        .get("items")
        .forEach(entries::add);
    return entries.reversed();
  }

  static String statementPath(long accountId, Instant from, Instant to) {
    return "/v1/accounts/" + accountId + "/statement?from=" + from + "&to=" + to;
  }

  /** The statement of {@code [from, to)} as CSV ({@code Accept: text/csv}). */
  ApiClient.Reply statementCsv(long accountId, Instant from, Instant to, String token) {
    return api()
        .send(
            api()
                .request(statementPath(accountId, from, to), token)
                .header("Accept", "text/csv")
                .GET());
  }

  /** An RFC 9457 problem with this status and stable code, and every member filled in. */
  static void assertProblem(ApiClient.Reply reply, int status, String code) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    assertThat(reply.header("Content-Type")).startsWith("application/problem+json");
    assertThat(reply.code()).isEqualTo(code);
    assertThat(reply.json().get("type").asText()).startsWith("https://ewallet.dev/problems/");
    assertThat(reply.json().get("title").asText()).isNotBlank();
    assertThat(reply.json().get("detail").asText()).isNotBlank();
    assertThat(reply.json().get("status").asInt()).isEqualTo(status);
  }

  /** Polls {@code condition} every 100 ms until it holds; fails after {@code timeout}. */
  static void await(BooleanSupplier condition, Duration timeout, String what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** Runs every task at once on its own virtual thread and returns the results in task order. */
  static <T> List<T> concurrently(List<Callable<T>> tasks) throws Exception {
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<T>> futures = pool.invokeAll(tasks);
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    }
  }

  /**
   * The seed's floor: 100 concurrent transfers of 1,000 from a wallet holding 50,000, sent to
   * {@code instance}: exactly 50 post and 50 are refused for want of money, nothing more moves.
   *
   * @return the replies
   */
  List<ApiClient.Reply> assertFiftyOfAHundredPost(ApiClient instance) throws Exception {
    Wallet source = walletWith(50_000);
    Wallet target = openWallet();

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, 100)
                .<Callable<ApiClient.Reply>>mapToObj(
                    i -> () -> transfer(instance, source, target.id(), 1_000, ApiClient.newKey()))
                .toList());

    assertThat(replies).filteredOn(r -> r.status() == 201).hasSize(50);
    assertThat(replies)
        .filteredOn(r -> r.status() == 422)
        .hasSize(50)
        .allSatisfy(r -> assertThat(r.code()).isEqualTo("INSUFFICIENT_FUNDS"));
    assertThat(balance(source.id())).isZero();
    assertThat(entrySum(source.id())).isZero();
    assertThat(entrySum(target.id())).isEqualTo(50_000);
    assertBooksBalance();
    return replies;
  }

  /**
   * One transfer sent {@code times} at once with one key to {@code instance}: it posts once and
   * every request gets the same answer, all but one marked as replays.
   *
   * @return the replies
   */
  List<ApiClient.Reply> assertOneKeyPostsOnce(ApiClient instance, int times) throws Exception {
    Wallet source = walletWith(10_000);
    Wallet target = openWallet();
    String key = ApiClient.newKey();

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, times)
                .<Callable<ApiClient.Reply>>mapToObj(
                    i -> () -> transfer(instance, source, target.id(), 1_000, key))
                .toList());

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(201));
    assertThat(replies).extracting(ApiClient.Reply::body).containsOnly(replies.getFirst().body());
    assertThat(replies).filteredOn(r -> r.header("Idempotent-Replayed") == null).hasSize(1);
    assertThat(balance(source.id())).isEqualTo(9_000);
    assertThat(balance(target.id())).isEqualTo(1_000);
    return replies;
  }

  /** Whether the whole ledger reconciles, as the operator endpoint reports it. */
  void assertBooksBalance() {
    ApiClient.Reply reply = api().get("/v1/reconciliation", OPERATOR);
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().get("ledgerSum").asLong()).isZero();
    assertThat(reply.json().get("mismatches").size()).as(reply.body()).isZero();
  }

  /**
   * Starts another instance of the service (a new application context, as after a crash and
   * restart, or a second pod) on the same database, broker and Redis, with {@code overrides} and
   * any test configuration that replaces a bean.
   */
  ConfigurableApplicationContext startAnotherInstance(
      Map<String, Object> overrides, Class<?>... extraConfiguration) {
    Map<String, Object> settings = new LinkedHashMap<>();
    for (String key :
        List.of(
            "spring.datasource.url",
            "spring.datasource.username",
            "spring.liquibase.url",
            "spring.liquibase.user",
            "spring.kafka.bootstrap-servers",
            "ledger.redis.url",
            "ledger.rate-limit.per-user-per-second")) {
      if (environment.getProperty(key) != null) {
        settings.put(key, environment.getProperty(key));
      }
    }
    settings.put("ledger.security.mode", "local");
    settings.put("ledger.security.jwt-secret", TestTokens.SECRET);
    settings.put("ledger.reconciliation.cron", "-");
    settings.put("ledger.checkpoints.check-interval", "PT24H");
    settings.put("ledger.bank.gateway", "simulator");
    settings.put("server.port", 0);
    settings.putAll(overrides);
    // Command-line arguments, because they outrank application.yml as they would in production.
    String[] arguments =
        settings.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    return new SpringApplicationBuilder(LedgerApplication.class)
        .sources(extraConfiguration)
        .run(arguments);
  }

  static ApiClient clientOf(ConfigurableApplicationContext instance) {
    return new ApiClient(((WebServerApplicationContext) instance).getWebServer().getPort());
  }
}
