package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.CurrencyTotals;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SumNode;
import dev.ewallet.ledger.domain.checkpoint.SumProof;
import dev.ewallet.ledger.verifier.Published;
import dev.ewallet.ledger.verifier.VerifyLedger;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Signed checkpoints and proofs over HTTP on real PostgreSQL (docs/proofs.md): a checkpoint's
 * signature verifies with the published key, every account's proof leads to its currency's root and
 * the leaves sum to the published total; rows altered behind the service's back (as the schema's
 * owner, triggers disabled, then put back) make the next checkpoint refuse, naming the account and
 * the last checkpoint that still holds; keys rotate and old and new checkpoints both verify.
 *
 * <p>The tests use Singapore dollars, which no other test does, so that the currency's tree holds
 * only this class's wallets.
 */
class CheckpointsIT extends LedgerIntegrationTest {

  private static final String CURRENCY = "SGD";

  @Test
  void aCheckpointVerifiesWithThePublishedKeyAndEveryAccountsProofSumsToItsTotal() {
    List<Wallet> wallets = new ArrayList<>();
    for (long amount : new long[] {1_000, 2_500, 40, 7, 0}) {
      Wallet wallet = openWallet(CURRENCY);
      if (amount > 0) {
        deposit(wallet.id(), amount);
      }
      wallets.add(wallet);
    }
    assertThat(transfer(wallets.get(0), wallets.get(4).id(), 300, ApiClient.newKey()).status())
        .isEqualTo(201);

    assertProblem(
        api().post("/v1/checkpoints", wallets.get(0).token(), null, null), 403, "FORBIDDEN");
    JsonNode made = makeCheckpoint();
    SignedCheckpoint signed = signed(made);
    assertThat(
            key(
                    api().get("/v1/checkpoints/public-keys", OPERATOR).json(),
                    signed.checkpoint().keyId())
                .verifies(signed))
        .isTrue();
    assertThat(signed.checkpoint().booksBalance()).isTrue();
    assertThat(made.get("currencies").findValuesAsString("currency")).contains(CURRENCY);

    CurrencyTotals sgd = totals(signed);
    for (Wallet wallet : wallets) {
      SumProof sumProof = sumProof(proof(wallet.id(), wallet.token(), null));
      assertThat(sumProof.leaf().balanceMinor()).isEqualTo(balance(wallet.id()));
    }
    long leaves = 0;
    for (long account : customerAccounts()) {
      JsonNode proof = proof(account, OPERATOR, signed.checkpoint().id().toString());
      SumProof sumProof = sumProof(proof);
      assertThat(sumProof.provesUnder(sgd.root())).as("account %s", account).isTrue();
      assertThat(proof.get("checkpoint").get("id").asText())
          .isEqualTo(signed.checkpoint().id().toString());
      leaves += sumProof.leaf().balanceMinor();
    }
    assertThat(leaves).as("the leaves sum to the published total").isEqualTo(sgd.totalMinor());

    Wallet payer = wallets.get(0);
    String proofFile = saved(proof(payer.id(), payer.token(), null));
    assertThat(verifyLedger("checkpoint", "--keys", keysFile(), "--checkpoint", saved(made)))
        .startsWith("valid: ");
    assertThat(verifyLedger("proof", "--keys", keysFile(), "--proof", proofFile))
        .startsWith("valid: account " + payer.id() + " with balance 700");
    assertThat(verifyStatement(payer, proofFile))
        .startsWith("valid: ")
        .contains("agree with 1 of 1 checkpoints");

    assertProblem(
        api().get("/v1/accounts/" + wallets.get(0).id() + "/proof", wallets.get(1).token()),
        403,
        "FORBIDDEN");
    assertThat(
            api().get("/v1/checkpoints/latest", wallets.get(0).token()).json().get("id").asText())
        .isEqualTo(signed.checkpoint().id().toString());
    assertThat(
            api()
                .get("/v1/checkpoints?from=" + signed.checkpoint().createdAt(), OPERATOR)
                .json()
                .findValuesAsString("id"))
        .contains(signed.checkpoint().id().toString());
    await(
        () ->
            jdbc.sql(
                        "SELECT count(*) FROM outbox_event WHERE topic = 'wallet.checkpoints'"
                            + " AND published AND payload ->> 'id' = ?")
                    .param(signed.checkpoint().id().toString())
                    .query(Long.class)
                    .single()
                == 1,
        Duration.ofSeconds(30),
        "the checkpoint relayed to wallet.checkpoints");
  }

  /**
   * A wallet paid twice with a checkpoint after each payment: {@code before} holds its first entry,
   * {@code after} its second and newest, {@code entry}.
   */
  private record TwoCheckpoints(
      Wallet wallet, SignedCheckpoint before, SignedCheckpoint after, long entry) {}

  private TwoCheckpoints twoCheckpoints(long first, long second) {
    Wallet wallet = openWallet(CURRENCY);
    deposit(wallet.id(), first);
    SignedCheckpoint before = signed(makeCheckpoint());
    deposit(wallet.id(), second);
    SignedCheckpoint after = signed(makeCheckpoint());
    long entry =
        jdbc.sql("SELECT max(id) FROM ledger_entry WHERE account_id = ?")
            .param(wallet.id())
            .query(Long.class)
            .single();
    return new TwoCheckpoints(wallet, before, after, entry);
  }

  @Test
  void aProofOfAnOlderCheckpointShowsTheBalanceThenUnderThatCheckpointsRoot() {
    TwoCheckpoints made = twoCheckpoints(500, 70);
    Wallet wallet = made.wallet();
    SignedCheckpoint before = made.before();
    SignedCheckpoint after = made.after();

    SumProof then = sumProof(proof(wallet.id(), OPERATOR, before.checkpoint().id().toString()));
    SumProof now = sumProof(proof(wallet.id(), OPERATOR, null));
    assertThat(then.leaf().balanceMinor()).isEqualTo(500);
    assertThat(then.provesUnder(totals(before).root())).isTrue();
    assertThat(now.leaf().balanceMinor()).isEqualTo(570);
    assertThat(now.provesUnder(totals(after).root())).isTrue();
    assertThat(now.leaf().lastEntryId()).isGreaterThan(then.leaf().lastEntryId());

    assertProblem(
        api().get("/v1/accounts/" + wallet.id() + "/proof?checkpoint=nope", OPERATOR),
        400,
        "VALIDATION_FAILED");
    assertProblem(
        api().get("/v1/accounts/" + wallet.id() + "/proof?checkpoint=" + new UUID(0, 1), OPERATOR),
        404,
        "CHECKPOINT_NOT_FOUND");
  }

  @Test
  void aCheckpointExtendsTheOneBeforeByExactlyTheEntriesBetweenThem() {
    JsonNode before = makeCheckpoint();
    Wallet payer = openWallet(CURRENCY);
    Wallet payee = openWallet(CURRENCY);
    deposit(payer.id(), 800);
    assertThat(transfer(payer, payee.id(), 300, ApiClient.newKey()).status()).isEqualTo(201);
    JsonNode after = makeCheckpoint();
    String path = "/v1/checkpoints/" + after.get("id").asText() + "/changes";

    assertProblem(api().get(path, payer.token()), 403, "FORBIDDEN");
    ApiClient.Reply changes = api().get(path, OPERATOR);
    assertThat(changes.status()).as(changes.body()).isEqualTo(200);
    assertThat(changes.header("Content-Type")).startsWith("application/x-ndjson");
    assertThat(changes.body().lines().findFirst().orElseThrow())
        .contains("\"previous\":\"" + before.get("id").asText() + "\"");
    assertThat(verifyExtension(before, after, changes.body()))
        .startsWith("valid: checkpoint " + after.get("id").asText() + " extends ")
        .contains("and they move every total as published");
    assertThat(
            verifyExtension(
                before, after, changes.body().replace("\"amount\":-300", "\"amount\":-200")))
        .as("an export with one amount changed")
        .startsWith("invalid: account " + payer.id());
  }

  @Test
  void anAccountRowAlteredBehindTheLedgersBackStopsTheNextCheckpoint() {
    Wallet wallet = openWallet(CURRENCY);
    deposit(wallet.id(), 900);
    SignedCheckpoint holding = signed(makeCheckpoint());

    alter(
        "account",
        "UPDATE account SET balance = balance + 5 WHERE id = ?",
        "UPDATE account SET balance = balance - 5 WHERE id = ?",
        wallet.id(),
        () -> {
          ApiClient.Reply refused = api().post("/v1/checkpoints", OPERATOR, null, null);
          assertProblem(refused, 409, "CHECKPOINT_REFUSED");
          assertThat(refused.json().get("breaks").findValuesAsString("accountId"))
              .contains(String.valueOf(wallet.id()));
          assertThat(refused.json().get("lastHoldingCheckpoint").asText())
              .isEqualTo(holding.checkpoint().id().toString());
        });
    assertThat(signed(makeCheckpoint()).checkpoint().position())
        .isGreaterThanOrEqualTo(holding.checkpoint().position());
  }

  @Test
  void anEntryAlteredAfterACheckpointNamesItsAccountAndTheCheckpointBeforeIt() {
    TwoCheckpoints made = twoCheckpoints(100, 40);
    Wallet wallet = made.wallet();
    SignedCheckpoint holding = made.before();
    long entry = made.entry();

    alter(
        "ledger_entry",
        "UPDATE ledger_entry SET amount = amount + 1, balance_after = balance_after + 1 WHERE id = ?",
        "UPDATE ledger_entry SET amount = amount - 1, balance_after = balance_after - 1 WHERE id = ?",
        entry,
        () -> {
          ApiClient.Reply refused = api().post("/v1/checkpoints", OPERATOR, null, null);
          assertProblem(refused, 409, "CHECKPOINT_REFUSED");
          assertThat(refused.json().get("breaks"))
              .anySatisfy(found -> {
                assertThat(found.get("kind").asText()).isEqualTo("HASH_CHAIN_BROKEN");
                assertThat(found.get("accountId").asLong()).isEqualTo(wallet.id());
                assertThat(found.get("entryId").asLong()).isEqualTo(entry);
              });
          assertThat(refused.json().get("lastHoldingCheckpoint").asText())
              .as("the newest checkpoint before the altered entry")
              .isEqualTo(holding.checkpoint().id().toString());
          assertThat(
                  verifyStatement(
                      wallet,
                      saved(proof(wallet.id(), OPERATOR, holding.checkpoint().id().toString())),
                      saved(
                          proof(wallet.id(), OPERATOR, made.after().checkpoint().id().toString()))))
              .as("the stand-alone verifier, from the statement and the signed proofs")
              .startsWith("invalid: account " + wallet.id() + ", entry " + entry + ": its hash")
              .endsWith("the last checkpoint that holds is " + holding.checkpoint().id());
        });
    makeCheckpoint();
  }

  /**
   * A history rewritten whole (the entry, its hash recomputed, and the account's balance and chain
   * end to match) passes every check of the account against its own entries; only the signed leaf
   * shows it.
   */
  @Test
  void aRewrittenHistoryIsCaughtByTheSignedLeafAlone() {
    TwoCheckpoints made = twoCheckpoints(100, 40);
    Wallet wallet = made.wallet();
    SignedCheckpoint holding = made.before();
    long entry = made.entry();
    String rewrite =
        "UPDATE ledger_entry e SET amount = amount + ?, balance_after = balance_after + ?,"
            + " hash = ledger_entry_link((SELECT p.hash FROM ledger_entry p"
            + " WHERE p.account_id = e.account_id AND p.id < e.id ORDER BY p.id DESC LIMIT 1),"
            + " e.transaction_id, e.account_id, e.amount + ?, e.balance_after + ?, e.created_at,"
            + " coalesce((SELECT t.details_digest FROM journal_transaction t"
            + " WHERE t.id = e.transaction_id), '\\x"
            + DetailsDigest.NO_DETAILS.hex()
            + "'::bytea)) WHERE e.id = ?";
    Consumer<Long> rewriteBy =
        delta -> {
          asOwner.sql(rewrite).params(delta, delta, delta, delta, entry).update();
          asOwner
              .sql(
                  "UPDATE account a SET balance = balance + ?, last_hash = (SELECT e.hash FROM"
                      + " ledger_entry e WHERE e.id = ?) WHERE a.id = ?")
              .params(delta, entry, wallet.id())
              .update();
        };
    withTriggersOff(
        "ledger_entry",
        () -> {
          rewriteBy.accept(1_000L);
          try {
            ApiClient.Reply refused = api().post("/v1/checkpoints", OPERATOR, null, null);
            assertProblem(refused, 409, "CHECKPOINT_REFUSED");
            assertThat(refused.json().get("breaks"))
                .anySatisfy(found -> {
                  assertThat(found.get("kind").asText())
                      .isEqualTo("CHECKPOINT_LEAF_NOT_IN_JOURNAL");
                  assertThat(found.get("accountId").asLong()).isEqualTo(wallet.id());
                  assertThat(found.get("entryId").asLong()).isEqualTo(entry);
                });
            assertThat(refused.json().get("lastHoldingCheckpoint").asText())
                .isEqualTo(holding.checkpoint().id().toString());
            assertThat(
                    verifyLedger(
                        "statement",
                        "--keys",
                        keysFile(),
                        "--statement",
                        saved(statement(wallet)),
                        "--proof",
                        saved(proof(wallet.id(), OPERATOR, holding.checkpoint().id().toString())),
                        "--proof",
                        saved(
                            proof(
                                wallet.id(), OPERATOR, made.after().checkpoint().id().toString()))))
                .as("the stand-alone verifier, from the statement and the signed proofs")
                .startsWith("invalid: account " + wallet.id() + ": after entry " + entry)
                .endsWith("the last checkpoint that holds is " + holding.checkpoint().id());
          } finally {
            rewriteBy.accept(-1_000L);
          }
        });
    makeCheckpoint();
  }

  @Test
  void outsideLocalModeTheServiceDoesNotStartWithoutItsSigningKey() {
    assertThatThrownBy(() ->
            startAnotherInstance(
                Map.of(
                    "ledger.security.mode",
                    "production",
                    "ledger.security.jwt-secret",
                    "",
                    "spring.security.oauth2.resourceserver.jwt.jwk-set-uri",
                    "http://127.0.0.1:9/jwks")))
        .hasStackTraceContaining("checkpoints need their signing key");
  }

  @Test
  void keysRotateAndCheckpointsOfTheOldAndTheNewKeyBothVerify() throws Exception {
    KeyPair first = TestCheckpointKeys.generate();
    KeyPair second = TestCheckpointKeys.generate();
    Instant firstFrom = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
    SignedCheckpoint old;
    try (ConfigurableApplicationContext instance =
        startAnotherInstance(TestCheckpointKeys.signing("rotation-1", first, firstFrom))) {
      old = signed(made(clientOf(instance).post("/v1/checkpoints", OPERATOR, null, null)));
    }
    Instant rotated = Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
    Thread.sleep(Duration.between(Instant.now(), rotated).toMillis() + 10);
    Map<String, Object> settings = TestCheckpointKeys.signing("rotation-2", second, rotated);
    settings.put("ledger.checkpoints.retired-keys[0].id", "rotation-1");
    settings.put(
        "ledger.checkpoints.retired-keys[0].public-key",
        TestCheckpointKeys.publicKeyFile("rotation-1", first));
    settings.put("ledger.checkpoints.retired-keys[0].valid-from", firstFrom.toString());
    settings.put("ledger.checkpoints.retired-keys[0].valid-to", rotated.toString());
    try (ConfigurableApplicationContext instance = startAnotherInstance(settings)) {
      ApiClient client = clientOf(instance);
      SignedCheckpoint fresh = signed(made(client.post("/v1/checkpoints", OPERATOR, null, null)));
      JsonNode keys = client.get("/v1/checkpoints/public-keys", OPERATOR).json();
      assertThat(keys.findValuesAsString("keyId")).containsExactly("rotation-1", "rotation-2");
      CheckpointKey retired = key(keys, "rotation-1");
      CheckpointKey current = key(keys, "rotation-2");

      assertThat(retired.verifies(old)).isTrue();
      assertThat(current.verifies(fresh)).isTrue();
      assertThat(current.verifies(old)).as("another key's checkpoint").isFalse();
      assertThat(
              retired.verifies(
                  SignedCheckpoint.sign(
                      resigned(fresh.checkpoint(), "rotation-1"), first.getPrivate())))
          .as("a retired key that leaked cannot sign for a time after it was retired")
          .isFalse();
    }

    Checkpoint honest = old.checkpoint();
    CurrencyTotals first0 = honest.currencies().getFirst();
    List<CurrencyTotals> inflated = new ArrayList<>(honest.currencies());
    inflated.set(
        0,
        new CurrencyTotals(
            first0.currency(),
            new SumNode(first0.root().hash(), first0.totalMinor() + 1),
            first0.systemBalanceMinor() - 1));
    Checkpoint forged =
        new Checkpoint(
            honest.id(), honest.createdAt(), honest.position(), inflated, honest.keyId());
    CheckpointKey firstKey = new CheckpointKey("rotation-1", first.getPublic(), firstFrom, null);
    assertThat(firstKey.verifies(old)).isTrue();
    assertThat(firstKey.verifies(new SignedCheckpoint(forged, old.signature())))
        .as("a changed total")
        .isFalse();
  }

  private static Checkpoint resigned(Checkpoint checkpoint, String keyId) {
    return new Checkpoint(
        checkpoint.id(),
        checkpoint.createdAt(),
        checkpoint.position(),
        checkpoint.currencies(),
        keyId);
  }

  /** What {@code bin/verify-ledger} prints, run in this JVM. */
  private static String verifyLedger(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    VerifyLedger.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    return out.toString(StandardCharsets.UTF_8).strip();
  }

  /** {@code bin/verify-ledger extends} of two checkpoints and the later one's changes. */
  private String verifyExtension(JsonNode before, JsonNode after, String changes) {
    return verifyLedger(
        "extends",
        "--keys",
        keysFile(),
        "--previous",
        saved(before),
        "--checkpoint",
        saved(after),
        "--changes",
        saved(changes));
  }

  /** {@code bin/verify-ledger statement} of the wallet's whole statement and the proofs given. */
  private String verifyStatement(Wallet wallet, String... proofFiles) {
    List<String> args =
        new ArrayList<>(
            List.of("statement", "--keys", keysFile(), "--statement", saved(statement(wallet))));
    for (String proofFile : proofFiles) {
      args.add("--proof");
      args.add(proofFile);
    }
    return verifyLedger(args.toArray(String[]::new));
  }

  /** The JSON in a file, as a customer or an auditor keeps it. */
  private static String saved(JsonNode json) {
    return saved(json.toString());
  }

  private static String saved(String text) {
    try {
      Path file = Files.createTempFile("ledger-checkpoints-it", ".json");
      Files.writeString(file, text);
      return file.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String keysFile() {
    return saved(api().get("/v1/checkpoints/public-keys", OPERATOR).json());
  }

  /** The wallet's whole statement so far. */
  private JsonNode statement(Wallet wallet) {
    ApiClient.Reply reply =
        api()
            .get(
                statementPath(
                    wallet.id(),
                    Instant.parse("2020-01-01T00:00:00Z"),
                    Instant.now().plusSeconds(60)),
                wallet.token());
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.json();
  }

  private JsonNode makeCheckpoint() {
    return made(api().post("/v1/checkpoints", OPERATOR, null, null));
  }

  private static JsonNode made(ApiClient.Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply.json();
  }

  private static SignedCheckpoint signed(JsonNode json) {
    return Published.checkpoint(json);
  }

  private static SumProof sumProof(JsonNode json) {
    return Published.proof(json).proof();
  }

  private static CheckpointKey key(JsonNode keys, String keyId) {
    return Published.keys(keys).stream()
        .filter(key -> key.keyId().equals(keyId))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no published key " + keyId));
  }

  private static CurrencyTotals totals(SignedCheckpoint signed) {
    return signed.checkpoint().currencies().stream()
        .filter(totals -> totals.currency().value().equals(CURRENCY))
        .findFirst()
        .orElseThrow();
  }

  /** Every customer account of the currency: this class's tests' wallets. */
  private List<Long> customerAccounts() {
    return jdbc.sql("SELECT id FROM account WHERE currency = ? AND owner_id IS NOT NULL")
        .param(CURRENCY)
        .query(Long.class)
        .list();
  }

  private JsonNode proof(long account, String token, String checkpoint) {
    ApiClient.Reply reply =
        api()
            .get(
                "/v1/accounts/"
                    + account
                    + "/proof"
                    + (checkpoint == null ? "" : "?checkpoint=" + checkpoint),
                token);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().get("version").asInt()).isEqualTo(1);
    assertThat(reply.json().get("currency").asText()).isEqualTo(CURRENCY);
    return reply.json();
  }

  /** Runs {@code check} with a row changed by {@code change}, then puts it back by {@code undo}. */
  private void alter(String table, String change, String undo, long id, Runnable check) {
    withTriggersOff(
        table,
        () -> {
          asOwner.sql(change).param(id).update();
          try {
            check.run();
          } finally {
            asOwner.sql(undo).param(id).update();
          }
        });
  }

  private void withTriggersOff(String table, Runnable work) {
    asOwner.sql("ALTER TABLE " + table + " DISABLE TRIGGER USER").update();
    try {
      work.run();
    } finally {
      asOwner.sql("ALTER TABLE " + table + " ENABLE TRIGGER USER").update();
    }
  }
}
