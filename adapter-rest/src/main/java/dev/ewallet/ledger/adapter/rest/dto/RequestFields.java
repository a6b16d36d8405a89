package dev.ewallet.ledger.adapter.rest.dto;

import dev.ewallet.ledger.adapter.rest.problem.ApiRequestException;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.EntryDirection;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** Reading the parts of a request that are the HTTP layer's own: headers, cursors, fields. */
public final class RequestFields {

  public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  private static final String CURSOR_PREFIX = "before:";

  /** A history cursor: the position's time in microseconds since the epoch, then its entry id. */
  private static final String HISTORY_CURSOR_PREFIX = "entries-before:";

  /** A page of pending withdrawals, oldest first, ends at a request time and a withdrawal id. */
  private static final String PENDING_CURSOR_PREFIX = "pending-after:";

  private RequestFields() {}

  public static IdempotencyKey idempotencyKey(String header) {
    if (header == null) {
      throw new ApiRequestException(
          ProblemCode.IDEMPOTENCY_KEY_MISSING,
          "money-moving requests need an Idempotency-Key header");
    }
    if (!IdempotencyKey.isWellFormed(header)) {
      throw new ApiRequestException(
          ProblemCode.IDEMPOTENCY_KEY_INVALID,
          "Idempotency-Key must be 1 to 255 printable ASCII characters");
    }
    return IdempotencyKey.of(header);
  }

  /** The payee a request names, or {@code null} when it names none. */
  public static BankParty payee(ApiDtos.Payee payee) {
    if (payee == null) {
      return null;
    }
    if ((payee.iban() == null) == (payee.accountNumber() == null)) {
      throw new InvalidRequestException("payee needs exactly one of iban and accountNumber");
    }
    BankAccountNumber account =
        payee.iban() != null
            ? BankAccountNumber.iban(payee.iban())
            : BankAccountNumber.local(payee.accountNumber());
    return new BankParty(payee.name(), account, payee.bic());
  }

  public static <T> T required(T value, String field) {
    if (value == null) {
      throw new InvalidRequestException(field + " is required");
    }
    return value;
  }

  /**
   * A history filter from a request's query parameters: {@code type} a transaction type's name,
   * {@code direction} {@code in} or {@code out}, the rest as the domain takes them.
   */
  public static HistoryFilter historyFilter(
      String type,
      String direction,
      Instant from,
      Instant to,
      Long minAmount,
      Long maxAmount,
      String reference) {
    return new HistoryFilter(
        type == null ? null : transactionType(type),
        direction == null ? null : direction(direction),
        from,
        to,
        minAmount,
        maxAmount,
        reference);
  }

  private static TransactionType transactionType(String name) {
    return Arrays.stream(TransactionType.values())
        .filter(type -> type.name().equals(name))
        .findFirst()
        .orElseThrow(() ->
            new InvalidRequestException(
                "type must be one of " + Arrays.toString(TransactionType.values())));
  }

  private static EntryDirection direction(String direction) {
    return switch (direction) {
      case "in" -> EntryDirection.IN;
      case "out" -> EntryDirection.OUT;
      default -> throw new InvalidRequestException("direction must be in or out");
    };
  }

  /**
   * A request's reference, description and metadata; metadata must be a JSON object of strings (a
   * number or a nested object is refused, not turned into text).
   */
  public static TransactionDetails details(
      String reference, String description, JsonNode metadata) {
    Map<String, String> entries = new LinkedHashMap<>();
    if (metadata != null && !metadata.isNull()) {
      if (!metadata.isObject()) {
        throw new InvalidRequestException("metadata must be an object of strings");
      }
      for (Map.Entry<String, JsonNode> entry : metadata.properties()) {
        if (!entry.getValue().isString()) {
          throw new InvalidRequestException(
              "metadata value of '" + entry.getKey() + "' must be a string");
        }
        entries.put(entry.getKey(), entry.getValue().stringValue());
      }
    }
    return new TransactionDetails(reference, description, entries);
  }

  public static String cursor(long beforeEntryId) {
    return opaque(CURSOR_PREFIX + beforeEntryId);
  }

  private static String opaque(String text) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(text.getBytes(StandardCharsets.US_ASCII));
  }

  private static ApiRequestException notIssued() {
    return new ApiRequestException(
        ProblemCode.VALIDATION_FAILED, "cursor is not one this API issued");
  }

  public static String cursor(HistoryPosition position) {
    return timedCursor(HISTORY_CURSOR_PREFIX, position.createdAt(), position.entryId());
  }

  /** The history position an opaque cursor stands for; {@code null} for the first page. */
  public static HistoryPosition historyPosition(String cursor) {
    return decodeTimed(
        cursor, HISTORY_CURSOR_PREFIX, (at, id) -> new HistoryPosition(at, Long.parseLong(id)));
  }

  public static String cursor(PendingPosition position) {
    return timedCursor(PENDING_CURSOR_PREFIX, position.at(), position.id());
  }

  /** The pending withdrawal an opaque cursor stands for; {@code null} for the first page. */
  public static PendingPosition pendingPosition(String cursor) {
    return decodeTimed(
        cursor,
        PENDING_CURSOR_PREFIX,
        (at, id) -> new PendingPosition(at, TransactionId.of(UUID.fromString(id))));
  }

  /** A cursor of a position in time order: its instant in microseconds, and its id. */
  private static String timedCursor(String prefix, Instant at, Object id) {
    return opaque(prefix + ChronoUnit.MICROS.between(Instant.EPOCH, at) + ":" + id);
  }

  private static <T> T decodeTimed(
      String cursor, String prefix, BiFunction<Instant, String, T> position) {
    return decode(
        cursor,
        prefix,
        rest -> {
          String[] parts = rest.split(":", -1);
          if (parts.length != 2) {
            return null;
          }
          return position.apply(
              Instant.EPOCH.plus(Long.parseLong(parts[0]), ChronoUnit.MICROS), parts[1]);
        });
  }

  /** The entry id an opaque cursor stands for; {@code null} for the first page. */
  public static Long beforeEntryId(String cursor) {
    return decode(
        cursor,
        CURSOR_PREFIX,
        rest -> {
          long id = Long.parseLong(rest);
          return id > 0 ? id : null;
        });
  }

  /**
   * What an opaque cursor of one kind stands for: {@code null} for no cursor; refused when it is
   * not Base64 of {@code prefix} and a value {@code parse} accepts (it answers {@code null} or
   * throws for one it does not).
   */
  private static <T> T decode(String cursor, String prefix, Function<String, T> parse) {
    if (cursor == null) {
      return null;
    }
    try {
      String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII);
      if (text.startsWith(prefix)) {
        T value = parse.apply(text.substring(prefix.length()));
        if (value != null) {
          return value;
        }
      }
    } catch (IllegalArgumentException | ArithmeticException | DateTimeException malformed) {
      // Falls through to the refusal below; NumberFormatException is an IllegalArgumentException.
    }
    throw notIssued();
  }
}
