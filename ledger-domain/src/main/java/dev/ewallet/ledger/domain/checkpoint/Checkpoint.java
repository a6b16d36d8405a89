package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a checkpoint states about the books at one journal position, every currency at once (each
 * with its tree's root, what customers hold and the system accounts' balance), and the id of the
 * key that signs it. Signed as its {@link #signedContent} ({@link SignedCheckpoint}).
 *
 * @param position the newest journal entry id the checkpoint covers
 * @param currencies one per currency, in currency order, none twice
 * @param keyId the signing key's id, so that a verifier picks the right public key after rotation:
 *     1 to 64 letters, digits, dots, hyphens or underscores
 */
public record Checkpoint(
    UUID id, Instant createdAt, long position, List<CurrencyTotals> currencies, String keyId) {

  private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private static final Pattern SIGNED =
      Pattern.compile(
          "\\{\"id\":\"([0-9a-f-]{36})\",\"createdAt\":\"([0-9TZ:.-]{20,30})\","
              + "\"position\":(\\d{1,19}),\"currencies\":\\[(.*)\\],"
              + "\"keyId\":\"([A-Za-z0-9._-]{1,64})\"\\}");

  private static final Pattern CURRENCY =
      Pattern.compile(
          "\\{\"currency\":\"([A-Z]{3})\",\"root\":\"([0-9a-f]{64})\","
              + "\"total\":(\\d{1,19}),\"systemBalance\":(-?\\d{1,19})\\},?");

  public Checkpoint {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(keyId, "keyId");
    if (position < 0) {
      throw new IllegalArgumentException("a journal position of 0 or more, not " + position);
    }
    if (!KEY_ID.matcher(keyId).matches()) {
      throw new IllegalArgumentException(
          "a key id is 1 to 64 letters, digits, dots, hyphens or underscores");
    }
    currencies =
        currencies.stream()
            .sorted(Comparator.comparing(totals -> totals.currency().value()))
            .toList();
    if (currencies.stream().map(CurrencyTotals::currency).distinct().count() != currencies.size()) {
      throw new IllegalArgumentException("a currency is stated twice");
    }
    createdAt = createdAt.truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * The checkpoint whose {@link #signedContent} these bytes are, read strictly: anything but the
   * canonical form this class writes (other spacing, order, escapes or fields) is refused, so a
   * verifier reads exactly what was signed.
   *
   * @throws IllegalArgumentException for bytes that are not a canonical checkpoint
   */
  public static Checkpoint fromSignedContent(byte[] signedContent) {
    String json = new String(signedContent, StandardCharsets.UTF_8);
    Matcher whole = SIGNED.matcher(json);
    if (!whole.matches()) {
      throw new IllegalArgumentException("not a checkpoint's signed content");
    }
    List<CurrencyTotals> currencies = new ArrayList<>();
    Matcher currency = CURRENCY.matcher(whole.group(4));
    int at = 0;
    while (currency.find() && currency.start() == at) {
      at = currency.end();
      currencies.add(
          new CurrencyTotals(
              CurrencyCode.of(currency.group(1)),
              new SumNode(new NodeHash(currency.group(2)), Long.parseLong(currency.group(3))),
              Long.parseLong(currency.group(4))));
    }
    try {
      Checkpoint checkpoint =
          new Checkpoint(
              UUID.fromString(whole.group(1)),
              Instant.parse(whole.group(2)),
              Long.parseLong(whole.group(3)),
              currencies,
              whole.group(5));
      if (!Arrays.equals(checkpoint.signedContent(), signedContent)) {
        throw new IllegalArgumentException("a checkpoint's signed content, but not canonical");
      }
      return checkpoint;
    } catch (DateTimeParseException | NumberFormatException unreadable) {
      throw new IllegalArgumentException(
          "not a checkpoint's signed content: " + unreadable, unreadable);
    }
  }

  /** Whether every currency's customer and system accounts add up to zero. */
  public boolean booksBalance() {
    return currencies.stream().allMatch(CurrencyTotals::booksBalance);
  }

  /**
   * The exact bytes signed: the UTF-8 of canonical JSON, no whitespace, the fields in this order:
   * {@code {"id","createdAt","position","currencies":[{"currency","root","total","systemBalance"}],
   * "keyId"}}, numbers as integers, the time as ISO-8601 UTC with at most microseconds. Every
   * string is a UUID, a time, a currency code, hex or a key id, so none needs escaping. A verifier
   * checks the signature over the bytes published, then reads the fields from them.
   */
  public byte[] signedContent() {
    String currencyParts =
        currencies.stream()
            .map(totals ->
                "{\"currency\":\""
                    + totals.currency().value()
                    + "\",\"root\":\""
                    + totals.root().hash().hex()
                    + "\",\"total\":"
                    + totals.totalMinor()
                    + ",\"systemBalance\":"
                    + totals.systemBalanceMinor()
                    + "}")
            .collect(Collectors.joining(","));
    String json =
        "{\"id\":\""
            + id
            + "\",\"createdAt\":\""
            + createdAt
            + "\",\"position\":"
            + position
            + ",\"currencies\":["
            + currencyParts
            + "],\"keyId\":\""
            + keyId
            + "\"}";
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
