package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.checkpoint.AccountLeaf;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.CurrencyTotals;
import dev.ewallet.ledger.domain.checkpoint.LeafChange;
import dev.ewallet.ledger.domain.checkpoint.NodeHash;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SumNode;
import dev.ewallet.ledger.domain.checkpoint.SumProof;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The API's JSON (and the {@code wallet.checkpoints} events', which carry the same fields) read
 * into the domain's values. A checkpoint is read from its signed content, never from the fields
 * shown beside it; those must say the same, or the document is refused.
 */
public final class Published {

  private Published() {}

  /**
   * A checkpoint from {@code GET /v1/checkpoints/latest} or an event of {@code wallet.checkpoints}.
   *
   * @throws IllegalArgumentException when its signed content is unreadable, or a field beside it
   *     says otherwise
   */
  public static SignedCheckpoint checkpoint(JsonNode json) {
    Checkpoint checkpoint =
        Checkpoint.fromSignedContent(Base64.getDecoder().decode(text(json, "signedContent")));
    same(json, "id", checkpoint.id().toString());
    same(json, "createdAt", checkpoint.createdAt().toString());
    same(json, "position", String.valueOf(checkpoint.position()));
    same(json, "keyId", checkpoint.keyId());
    if (json.has("currencies")) {
      List<CurrencyTotals> signed = checkpoint.currencies();
      JsonNode shown = json.get("currencies");
      if (shown.size() != signed.size()) {
        throw new IllegalArgumentException(
            "the checkpoint shows " + shown.size() + " currencies, but signed " + signed.size());
      }
      for (int i = 0; i < signed.size(); i++) {
        CurrencyTotals totals = signed.get(i);
        same(shown.get(i), "currency", totals.currency().value());
        same(shown.get(i), "root", totals.root().hash().hex());
        same(shown.get(i), "total", String.valueOf(totals.totalMinor()));
        same(shown.get(i), "systemBalance", String.valueOf(totals.systemBalanceMinor()));
      }
    }
    return new SignedCheckpoint(checkpoint, text(json, "signature"));
  }

  /** The keys of {@code GET /v1/checkpoints/public-keys}. */
  public static List<CheckpointKey> keys(JsonNode json) {
    List<CheckpointKey> keys = new ArrayList<>();
    for (JsonNode key : json) {
      try {
        keys.add(
            new CheckpointKey(
                text(key, "keyId"),
                KeyFactory.getInstance(SignedCheckpoint.ALGORITHM)
                    .generatePublic(
                        new X509EncodedKeySpec(Base64.getDecoder().decode(text(key, "publicKey")))),
                Instant.parse(text(key, "validFrom")),
                key.hasNonNull("validTo") ? Instant.parse(text(key, "validTo")) : null));
      } catch (GeneralSecurityException unreadable) {
        throw new IllegalArgumentException(
            "key " + key.get("keyId") + " is no Ed25519 public key", unreadable);
      }
    }
    return keys;
  }

  /** A proof of {@code GET /v1/accounts/{id}/proof} (format version 1), with its checkpoint. */
  public static PublishedProof proof(JsonNode json) {
    if (!json.has("version") || json.get("version").asInt() != 1) {
      throw new IllegalArgumentException("not a proof of format version 1");
    }
    JsonNode leaf = json.get("leaf");
    List<SumProof.Step> path = new ArrayList<>();
    for (JsonNode step : json.get("path")) {
      path.add(
          new SumProof.Step(
              SumProof.Side.valueOf(text(step, "side")),
              new SumNode(new NodeHash(text(step, "hash")), number(step, "sum"))));
    }
    return new PublishedProof(
        checkpoint(json.get("checkpoint")),
        CurrencyCode.of(text(json, "currency")),
        new SumProof(leaf(AccountId.of(number(leaf, "accountId")), leaf), path));
  }

  /** A wallet's statement of {@code GET /v1/accounts/{id}/statement}. */
  public static Statement statement(JsonNode json) {
    if (!json.hasNonNull("openingHash")) {
      throw new IllegalArgumentException(
          "the statement has no openingHash: a merchant's, whose shards' chains it merges");
    }
    List<Statement.Entry> entries = new ArrayList<>();
    for (JsonNode entry : json.get("entries")) {
      entries.add(entry(entry));
    }
    return new Statement(
        number(json, "accountId"),
        CurrencyCode.of(text(json, "currency")),
        number(json, "openingBalance"),
        new EntryHash(text(json, "openingHash")),
        json.hasNonNull("closingHash") ? new EntryHash(text(json, "closingHash")) : null,
        entries);
  }

  /** A line of {@code GET /v1/checkpoints/{id}/changes}. */
  public static ChangeLine changeLine(JsonNode json) {
    return switch (text(json, "type")) {
      case "checkpoint" ->
          new ChangeLine.Start(
              UUID.fromString(text(json, "id")),
              json.hasNonNull("previous") ? UUID.fromString(text(json, "previous")) : null);
      case "account" -> {
        AccountId account = AccountId.of(number(json, "accountId"));
        yield new ChangeLine.Account(
            new LeafChange(
                CurrencyCode.of(text(json, "currency")),
                json.hasNonNull("before") ? leaf(account, json.get("before")) : null,
                leaf(account, json.get("after"))));
      }
      case "entry" -> new ChangeLine.Entry(number(json, "accountId"), entry(json));
      default -> throw new IllegalArgumentException("a change line of type " + json.get("type"));
    };
  }

  /** An entry as statements and the changes show it: the fields its hash covers, and the hash. */
  private static Statement.Entry entry(JsonNode json) {
    return new Statement.Entry(
        number(json, "entryId"),
        UUID.fromString(text(json, "transactionId")),
        number(json, "amount"),
        number(json, "balanceAfter"),
        Instant.parse(text(json, "createdAt")),
        new EntryHash(text(json, "hash")),
        json.hasNonNull("detailsDigest") ? new DetailsDigest(text(json, "detailsDigest")) : null);
  }

  /** A leaf as proofs and the changes show it (without its account). */
  private static AccountLeaf leaf(AccountId account, JsonNode json) {
    return new AccountLeaf(
        account,
        number(json, "balance"),
        number(json, "heldAmount"),
        new EntryHash(text(json, "chainHead")),
        number(json, "lastEntryId"));
  }

  private static void same(JsonNode json, String field, String signed) {
    if (json.has(field) && !json.get(field).asString().equals(signed)) {
      throw new IllegalArgumentException(
          field + " shows " + json.get(field).asString() + ", but the signed content " + signed);
    }
  }

  private static String text(JsonNode json, String field) {
    JsonNode value = json == null ? null : json.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("no " + field);
    }
    return value.asString();
  }

  private static long number(JsonNode json, String field) {
    JsonNode value = json == null ? null : json.get(field);
    if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
      throw new IllegalArgumentException(field + " is no whole number");
    }
    return value.asLong();
  }
}
