package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The per-account hash chain over HTTP: every entry's hash is what a client recomputes from the
 * documented layout (EntryHash), whether its posting went alone or in a batch with others on the
 * same account; statements chain end to end; verification and reconciliation name an entry edited
 * behind the ledger's back (as a superuser, triggers disabled, then put back).
 */
class HashChainIT extends LedgerIntegrationTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");

  private final JdbcClient superuser = JdbcClient.create(PostgresTestDatabase.superuser());

  /**
   * The chain as a client recomputes it from the entries it was shown (version 2: each with the
   * digest of its details, which the client recomputes from the details shown, and which is shown
   * beside them when there are any).
   */
  private static void assertRecomputable(Wallet wallet, List<JsonNode> entries) {
    EntryHash previous = EntryHash.GENESIS;
    for (JsonNode entry : entries) {
      Map<String, String> metadata = new TreeMap<>();
      entry
          .path("metadata")
          .properties()
          .forEach(field -> metadata.put(field.getKey(), field.getValue().asText()));
      TransactionDetails details =
          new TransactionDetails(text(entry, "reference"), text(entry, "description"), metadata);
      DetailsDigest digest = details.digest();
      assertThat(text(entry, "detailsDigest")).isEqualTo(details.isEmpty() ? null : digest.hex());
      EntryHash expected =
          previous.next(
              UUID.fromString(entry.get("transactionId").asText()),
              AccountId.of(wallet.id()),
              Money.of(entry.get("amount").asLong(), VND),
              Money.of(entry.get("balanceAfter").asLong(), VND),
              Instant.parse(entry.get("createdAt").asText()),
              digest);
      assertThat(entry.get("hash").asText())
          .as("entry " + entry.get("entryId"))
          .isEqualTo(expected.hex());
      previous = expected;
    }
  }

  private static String text(JsonNode entry, String field) {
    return entry.path(field).isNull() || entry.path(field).isMissingNode()
        ? null
        : entry.get(field).asText();
  }

  private JsonNode verification(Wallet wallet) {
    return api().get("/v1/accounts/" + wallet.id() + "/verification", OPERATOR).json();
  }

  @Test
  void everyEntrysHashIsWhatAClientRecomputesWhetherPostedAloneOrInABatch() throws Exception {
    Wallet wallet = walletWith(100_000);
    Wallet payee = openWallet();
    assertThat(transfer(wallet, payee.id(), 1_000, ApiClient.newKey()).status()).isEqualTo(201);
    List<Callable<ApiClient.Reply>> burst = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      burst.add(() -> transfer(wallet, payee.id(), 100, ApiClient.newKey()));
    }
    assertThat(concurrently(burst)).allSatisfy(reply -> assertThat(reply.status()).isEqualTo(201));

    List<JsonNode> entries = oldestFirst(wallet);

    assertThat(entries).hasSize(22);
    assertRecomputable(wallet, entries);
    JsonNode verified = verification(wallet);
    assertThat(verified.get("verified").asBoolean()).isTrue();
    assertThat(verified.get("entries").asLong()).isEqualTo(22);
    assertThat(verified.get("firstBrokenEntryId").isNull()).isTrue();
    assertThat(verification(payee).get("verified").asBoolean()).isTrue();
    assertProblem(
        api().get("/v1/accounts/" + wallet.id() + "/verification", wallet.token()),
        403,
        "FORBIDDEN");
  }

  @Test
  void adjacentStatementsChainEndToEnd() {
    Wallet wallet = walletWith(5_000);
    Wallet payee = openWallet();
    for (int i = 1; i <= 3; i++) {
      assertThat(transfer(wallet, payee.id(), i * 100, ApiClient.newKey()).status()).isEqualTo(201);
    }
    List<JsonNode> entries = oldestFirst(wallet);
    Instant first = Instant.parse(entries.get(0).get("createdAt").asText());
    Instant third = Instant.parse(entries.get(2).get("createdAt").asText());
    Instant end = Instant.now().plusSeconds(60);

    JsonNode before = api().get(statementPath(wallet.id(), first, third), wallet.token()).json();
    JsonNode after = api().get(statementPath(wallet.id(), third, end), wallet.token()).json();

    assertThat(before.get("openingHash").asText()).isEqualTo(EntryHash.GENESIS.hex());
    assertThat(before.get("closingHash").asText())
        .isEqualTo(entries.get(1).get("hash").asText())
        .isEqualTo(after.get("openingHash").asText());
    assertThat(after.get("closingHash").asText()).isEqualTo(entries.getLast().get("hash").asText());
    assertThat(before.get("entries").get(1).get("hash")).isEqualTo(entries.get(1).get("hash"));
  }

  @Test
  void anEntryEditedBehindTheLedgersBackIsNamedByVerificationAndReconciliation() {
    Wallet wallet = walletWith(3_000);
    assertThat(transfer(wallet, openWallet().id(), 500, ApiClient.newKey()).status())
        .isEqualTo(201);
    assertThat(transfer(wallet, openWallet().id(), 700, ApiClient.newKey()).status())
        .isEqualTo(201);
    long edited = oldestFirst(wallet).get(1).get("entryId").asLong();

    tamper(edited, 1);
    try {
      JsonNode verified = verification(wallet);
      JsonNode reconciliation = api().get("/v1/reconciliation", OPERATOR).json();

      assertThat(verified.get("verified").asBoolean()).isFalse();
      assertThat(verified.get("firstBrokenEntryId").asLong()).isEqualTo(edited);
      List<JsonNode> chainBreaks = new ArrayList<>();
      reconciliation
          .get("mismatches")
          .forEach(m -> {
            if (m.get("kind").asText().equals("HASH_CHAIN_BROKEN")) {
              chainBreaks.add(m);
            }
          });
      assertThat(chainBreaks)
          .anySatisfy(m -> {
            assertThat(m.get("accountId").asLong()).isEqualTo(wallet.id());
            assertThat(m.get("entryId").asLong()).isEqualTo(edited);
          });
    } finally {
      tamper(edited, -1);
    }
    assertThat(verification(wallet).get("verified").asBoolean()).isTrue();
  }

  /** Moves an entry's amount and balance after by {@code delta}, as only a superuser can. */
  private void tamper(long entryId, long delta) {
    superuser.sql("ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only").update();
    try {
      superuser
          .sql(
              "UPDATE ledger_entry SET amount = amount + ?, balance_after = balance_after + ?"
                  + " WHERE id = ?")
          .params(delta, delta, entryId)
          .update();
    } finally {
      superuser.sql("ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only").update();
    }
  }
}
