package dev.ewallet.ledger.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.checkpoint.AccountLeaf;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CurrencyTotals;
import dev.ewallet.ledger.domain.checkpoint.MerkleSumTree;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SumProof;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The verifier as its users run it, on files shaped as the API gives them: valid documents pass,
 * and every forgery (a changed total, another key, a key outside its validity, a reordered or
 * altered signed content, an inflated proof, an altered or rewritten statement) is named.
 */
class VerifyLedgerTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final Instant KEY_FROM = Instant.parse("2026-12-01T00:00:00Z");
  private static final Instant AT = Instant.parse("2026-12-07T10:00:00.123456Z");
  private static final long WALLET = 7;

  @TempDir Path dir;

  private final KeyPair key = ed25519();

  private static KeyPair ed25519() {
    try {
      return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The wallet's three entries: a deposit of 500, a payment of 120, a deposit of 30. */
  private static List<Statement.Entry> entries() {
    return entries(500, -120, 30);
  }

  /**
   * Entries 10, 11, ... of the wallet with these amounts, each chained to the one before: the first
   * of version 1 (posted before the chain committed to details), the others of version 2, the third
   * of a transaction without details (shown without a digest).
   */
  private static List<Statement.Entry> entries(long... amounts) {
    List<Statement.Entry> entries = new ArrayList<>();
    EntryHash head = EntryHash.GENESIS;
    long balance = 0;
    for (int i = 0; i < amounts.length; i++) {
      balance += amounts[i];
      UUID transaction = new UUID(1, i);
      Instant at = AT.plusSeconds(i);
      TransactionDetails details =
          i == 2 ? TransactionDetails.NONE : new TransactionDetails("order-" + i, null, Map.of());
      DetailsDigest digest = i == 0 ? null : details.digest();
      head =
          head.next(
              transaction,
              AccountId.of(WALLET),
              Money.of(amounts[i], VND),
              Money.of(balance, VND),
              at,
              digest);
      DetailsDigest shown = details.isEmpty() ? null : digest;
      entries.add(new Statement.Entry(10 + i, transaction, amounts[i], balance, at, head, shown));
    }
    return entries;
  }

  /** The entries with one's amount and balance moved by {@code delta}, its hash left as it was. */
  private static List<Statement.Entry> movedBy(
      List<Statement.Entry> entries, int index, long delta) {
    List<Statement.Entry> altered = new ArrayList<>(entries);
    Statement.Entry entry = altered.get(index);
    altered.set(
        index,
        new Statement.Entry(
            entry.entryId(),
            entry.transactionId(),
            entry.amount() + delta,
            entry.balanceAfter() + delta,
            entry.createdAt(),
            entry.hash(),
            entry.detailsDigest()));
    return altered;
  }

  /** The wallet's leaf after {@code entries} of its entries, beside two other accounts. */
  private record Tree(SignedCheckpoint signed, SumProof proof) {}

  private Tree tree(int entries, Instant at, KeyPair signer, String keyId) {
    Statement.Entry last = entries().get(entries - 1);
    AccountLeaf wallet =
        new AccountLeaf(AccountId.of(WALLET), last.balanceAfter(), 0, last.hash(), last.entryId());
    MerkleSumTree tree =
        MerkleSumTree.tracing(wallet.account())
            .add(new AccountLeaf(AccountId.of(3), 1_000, 0, EntryHash.GENESIS, 0))
            .add(wallet)
            .add(new AccountLeaf(AccountId.of(9), 250, 50, EntryHash.GENESIS, 0));
    long total = tree.root().sumMinor();
    Checkpoint checkpoint =
        new Checkpoint(
            UUID.randomUUID(),
            at,
            last.entryId(),
            List.of(new CurrencyTotals(VND, tree.root(), -total)),
            keyId);
    return new Tree(
        SignedCheckpoint.sign(checkpoint, signer.getPrivate()), tree.proof().orElseThrow());
  }

  private Tree tree(int entries) {
    return tree(entries, AT.plusSeconds(entries), key, "k1");
  }

  private static Map<String, Object> checkpointJson(SignedCheckpoint signed) {
    Checkpoint checkpoint = signed.checkpoint();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("id", checkpoint.id().toString());
    json.put("createdAt", checkpoint.createdAt().toString());
    json.put("position", checkpoint.position());
    json.put(
        "currencies",
        checkpoint.currencies().stream()
            .map(totals ->
                Map.of(
                    "currency", totals.currency().value(),
                    "root", totals.root().hash().hex(),
                    "total", totals.totalMinor(),
                    "systemBalance", totals.systemBalanceMinor()))
            .toList());
    json.put("keyId", checkpoint.keyId());
    json.put("signedContent", Base64.getEncoder().encodeToString(checkpoint.signedContent()));
    json.put("signature", signed.signature());
    return json;
  }

  private static Map<String, Object> proofJson(Tree tree) {
    AccountLeaf leaf = tree.proof().leaf();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("version", 1);
    json.put("currency", "VND");
    json.put(
        "leaf",
        Map.of(
            "accountId", leaf.account().value(),
            "balance", leaf.balanceMinor(),
            "heldAmount", leaf.heldMinor(),
            "chainHead", leaf.chainHead().hex(),
            "lastEntryId", leaf.lastEntryId()));
    json.put(
        "path",
        tree.proof().path().stream()
            .map(step ->
                Map.of(
                    "side", step.side().name(),
                    "hash", step.sibling().hash().hex(),
                    "sum", step.sibling().sumMinor()))
            .toList());
    json.put("checkpoint", checkpointJson(tree.signed()));
    return json;
  }

  private static Map<String, Object> statementJson(List<Statement.Entry> entries) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("accountId", WALLET);
    json.put("currency", "VND");
    json.put("openingBalance", 0);
    json.put("openingHash", EntryHash.GENESIS.hex());
    json.put("closingHash", entries.getLast().hash().hex());
    json.put("entries", entries.stream().map(VerifyLedgerTest::entryJson).toList());
    return json;
  }

  /** An entry as statements and the changes show it; the digest only from the chain's version 2. */
  private static Map<String, Object> entryJson(Statement.Entry entry) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("entryId", entry.entryId());
    json.put("transactionId", entry.transactionId().toString());
    json.put("amount", entry.amount());
    json.put("balanceAfter", entry.balanceAfter());
    json.put("createdAt", entry.createdAt().toString());
    json.put("hash", entry.hash().hex());
    if (entry.detailsDigest() != null) {
      json.put("detailsDigest", entry.detailsDigest().hex());
    }
    return json;
  }

  @SafeVarargs
  private String keys(Map<String, Object>... keys) throws IOException {
    return file("keys", List.of(keys));
  }

  private Map<String, Object> keyJson(String id, KeyPair pair, Instant from, Instant to) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("keyId", id);
    json.put("algorithm", "Ed25519");
    json.put("publicKey", Base64.getEncoder().encodeToString(pair.getPublic().getEncoded()));
    json.put("validFrom", from.toString());
    if (to != null) {
      json.put("validTo", to.toString());
    }
    return json;
  }

  private String file(String name, Object json) throws IOException {
    Path file = Files.createTempFile(dir, name, ".json");
    Files.writeString(file, JSON.writeValueAsString(json));
    return file.toString();
  }

  private record Run(int status, String out) {}

  private static Run verify(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        VerifyLedger.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        status, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aCheckpointSignedByAPublishedKeyIsValidAndEveryForgeryIsNamed() throws IOException {
    String keys = keys(keyJson("k1", key, KEY_FROM, null));
    Map<String, Object> honest = checkpointJson(tree(3).signed());
    assertThat(verify("checkpoint", "--keys", keys, "--checkpoint", file("cp", honest)).status())
        .isZero();

    String content =
        new String(
            Base64.getDecoder().decode((String) honest.get("signedContent")),
            StandardCharsets.UTF_8);
    Map<String, Object> inflated = new LinkedHashMap<>(honest);
    inflated.remove("currencies");
    inflated.put(
        "signedContent",
        Base64.getEncoder()
            .encodeToString(
                content
                    .replace("\"total\":1660", "\"total\":1661")
                    .getBytes(StandardCharsets.UTF_8)));
    Run forged = verify("checkpoint", "--keys", keys, "--checkpoint", file("cp", inflated));
    assertThat(forged.status()).isEqualTo(1);
    assertThat(forged.out()).contains("invalid", "signature is not key k1's");

    Map<String, Object> shownOtherwise = new LinkedHashMap<>(honest);
    shownOtherwise.put("position", 99);
    assertThat(
            verify("checkpoint", "--keys", keys, "--checkpoint", file("cp", shownOtherwise)).out())
        .contains("invalid", "position shows 99");

    Map<String, Object> reordered = new LinkedHashMap<>(honest);
    reordered.put(
        "signedContent",
        Base64.getEncoder()
            .encodeToString(
                content
                    .replaceFirst(
                        "\\{\"id\":(\"[^\"]+\"),\"createdAt\":(\"[^\"]+\")",
                        "{\"createdAt\":$2,\"id\":$1")
                    .getBytes(StandardCharsets.UTF_8)));
    assertThat(verify("checkpoint", "--keys", keys, "--checkpoint", file("cp", reordered)))
        .satisfies(run -> assertThat(run.status()).isEqualTo(1))
        .satisfies(
            run -> assertThat(run.out()).contains("invalid", "not a checkpoint's signed content"));

    Map<String, Object> otherKey = checkpointJson(tree(3, AT, ed25519(), "k1").signed());
    assertThat(verify("checkpoint", "--keys", keys, "--checkpoint", file("cp", otherKey)).out())
        .contains("invalid", "signature is not key k1's");
    Map<String, Object> unknownKey = checkpointJson(tree(3, AT, key, "k9").signed());
    assertThat(verify("checkpoint", "--keys", keys, "--checkpoint", file("cp", unknownKey)).out())
        .contains("invalid", "names key k9, not published");
  }

  @Test
  void keysRotateAndEachVerifiesWhatItSignedWhileValidOnly() throws IOException {
    KeyPair next = ed25519();
    Instant rotated = AT.plusSeconds(60);
    String keys = keys(keyJson("k1", key, KEY_FROM, rotated), keyJson("k2", next, rotated, null));
    Tree old = tree(2, AT, key, "k1");
    Tree fresh = tree(3, rotated.plusSeconds(5), next, "k2");
    String run = file("run", List.of(checkpointJson(old.signed()), checkpointJson(fresh.signed())));
    assertThat(verify("run", "--keys", keys, "--checkpoints", run).status()).isZero();

    Tree leaked = tree(3, rotated.plusSeconds(5), key, "k1");
    assertThat(
            verify(
                    "checkpoint",
                    "--keys",
                    keys,
                    "--checkpoint",
                    file("cp", checkpointJson(leaked.signed())))
                .out())
        .contains("invalid", "outside key k1's validity");
    String backwards =
        file("run", List.of(checkpointJson(fresh.signed()), checkpointJson(old.signed())));
    assertThat(verify("run", "--keys", keys, "--checkpoints", backwards).out())
        .contains("invalid", "is not later than");
  }

  @Test
  void aProofLeadsToItsCurrencysRootAndAnInflatedOneDoesNot() throws IOException {
    String keys = keys(keyJson("k1", key, KEY_FROM, null));
    Map<String, Object> proof = proofJson(tree(3));
    Run valid = verify("proof", "--keys", keys, "--proof", file("proof", proof));
    assertThat(valid.status()).isZero();
    assertThat(valid.out()).contains("account 7 with balance 410 is counted in the 1660 VND");

    @SuppressWarnings("unchecked")
    Map<String, Object> leaf = new LinkedHashMap<>((Map<String, Object>) proof.get("leaf"));
    leaf.put("balance", 10_410L);
    Map<String, Object> richer = new LinkedHashMap<>(proof);
    richer.put("leaf", leaf);
    Run inflated = verify("proof", "--keys", keys, "--proof", file("proof", richer));
    assertThat(inflated.status()).isEqualTo(1);
    assertThat(inflated.out()).contains("invalid", "the proof of account 7 leads to root");
  }

  @Test
  void aStatementChainsAndAgreesWithTheCheckpointsThatCountedItsAccount() throws IOException {
    String keys = keys(keyJson("k1", key, KEY_FROM, null));
    String first = file("proof", proofJson(tree(1)));
    String second = file("proof", proofJson(tree(3)));
    String statement = file("statement", statementJson(entries()));
    Run valid =
        verify(
            "statement",
            "--keys",
            keys,
            "--statement",
            statement,
            "--proof",
            first,
            "--proof",
            second);
    assertThat(valid.status()).as(valid.out()).isZero();
    assertThat(valid.out()).contains("agree with 2 of 2 checkpoints");

    List<Statement.Entry> altered = movedBy(entries(), 1, 20);
    Run broken =
        verify(
            "statement", "--keys", keys, "--statement", file("statement", statementJson(altered)));
    assertThat(broken.out()).contains("invalid", "account 7, entry 11");
  }

  /**
   * A history rewritten whole (amounts, balances and every hash after them recomputed) chains
   * perfectly; only a checkpoint signed before the rewrite shows it, and the verifier names the
   * last one that still holds.
   */
  @Test
  void aRewrittenHistoryDivergesFromTheCheckpointThatSignedItAndNamesTheLastThatHolds()
      throws IOException {
    String keys = keys(keyJson("k1", key, KEY_FROM, null));
    Tree before = tree(1);
    Tree after = tree(3);
    List<Statement.Entry> rewritten = entries(500, -20, 30);
    Run caught =
        verify(
            "statement",
            "--keys",
            keys,
            "--statement",
            file("statement", statementJson(rewritten)),
            "--proof",
            file("proof", proofJson(before)),
            "--proof",
            file("proof", proofJson(after)));
    assertThat(caught.status()).isEqualTo(1);
    assertThat(caught.out())
        .contains("account 7: after entry 12 checkpoint " + after.signed().checkpoint().id())
        .contains("the last checkpoint that holds is " + before.signed().checkpoint().id());
  }

  /** The export of what moved between tree(1) and tree(3): the wallet and its last two entries. */
  private String changes(Tree before, Tree after, List<Statement.Entry> entries)
      throws IOException {
    List<Object> lines = new ArrayList<>();
    lines.add(
        Map.of(
            "type", "checkpoint",
            "id", after.signed().checkpoint().id().toString(),
            "previous", before.signed().checkpoint().id().toString()));
    Map<String, Object> account = new LinkedHashMap<>();
    account.put("type", "account");
    account.put("accountId", WALLET);
    account.put("currency", "VND");
    account.put("before", leafJson(before.proof().leaf()));
    account.put("after", leafJson(after.proof().leaf()));
    lines.add(account);
    for (Statement.Entry entry : entries) {
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("type", "entry");
      line.put("accountId", WALLET);
      line.putAll(entryJson(entry));
      lines.add(line);
    }
    Path file = Files.createTempFile(dir, "changes", ".ndjson");
    StringBuilder text = new StringBuilder();
    for (Object line : lines) {
      text.append(JSON.writeValueAsString(line)).append('\n');
    }
    Files.writeString(file, text);
    return file.toString();
  }

  private static Map<String, Object> leafJson(AccountLeaf leaf) {
    return Map.of(
        "balance", leaf.balanceMinor(),
        "heldAmount", leaf.heldMinor(),
        "chainHead", leaf.chainHead().hex(),
        "lastEntryId", leaf.lastEntryId());
  }

  @Test
  void aCheckpointExtendsTheOneBeforeByTheEntriesBetweenThemAndByNothingElse() throws IOException {
    String keys = keys(keyJson("k1", key, KEY_FROM, null));
    Tree before = tree(1);
    Tree after = tree(3);
    String previous = file("cp", checkpointJson(before.signed()));
    String checkpoint = file("cp", checkpointJson(after.signed()));
    List<Statement.Entry> between = entries().subList(1, 3);

    Run valid =
        verify(
            "extends",
            "--keys",
            keys,
            "--previous",
            previous,
            "--checkpoint",
            checkpoint,
            "--changes",
            changes(before, after, between));
    assertThat(valid.status()).as(valid.out()).isZero();
    assertThat(valid.out()).contains("1 accounts changed by 2 entries");

    Run missing =
        verify(
            "extends",
            "--keys",
            keys,
            "--previous",
            previous,
            "--checkpoint",
            checkpoint,
            "--changes",
            changes(before, after, between.subList(0, 1)));
    assertThat(missing.out()).contains("invalid", "account 7: its entries since the checkpoint");

    List<Statement.Entry> altered = movedBy(between, 1, 1);
    assertThat(
            verify(
                    "extends",
                    "--keys",
                    keys,
                    "--previous",
                    previous,
                    "--checkpoint",
                    checkpoint,
                    "--changes",
                    changes(before, after, altered))
                .out())
        .contains("invalid", "account 7, entry 12: its hash is not the link");

    Run unrelated =
        verify(
            "extends",
            "--keys",
            keys,
            "--previous",
            checkpoint,
            "--checkpoint",
            checkpoint,
            "--changes",
            changes(before, after, between));
    assertThat(unrelated.out()).contains("invalid");
  }

  @Test
  void aMissingFileOrCheckIsAUsageError() {
    assertThat(verify().status()).isEqualTo(2);
    assertThat(verify("proof", "--keys").status()).isEqualTo(2);
    assertThat(verify("audit", "--keys", "x").status()).isEqualTo(2);
  }
}
