package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the CSV statement layout, for banks that send no ISO 20022 (docs/bank-reconciliation.md,
 * "The CSV layout"). One file is one statement: a first row {@code statement,<message
 * id>,<statement id>,<account>,<currency>,<opening>,<closing>} (both balances empty for a
 * notification), the header row {@link #HEADER}, then one row per booking. Fields follow RFC 4180
 * (a comma separates them; a field in double quotes may hold commas and doubled quotes, but no line
 * break). Amounts are decimals of the currency's major unit, as in ISO 20022. Every refusal names
 * its row.
 */
final class CsvStatements {

  static final String HEADER =
      "booking_date,value_date,direction,amount,end_to_end_id,reference,bank_reference,returned,"
          + "return_reason";

  private static final int COLUMNS = HEADER.split(",").length;
  private static final int ID_LENGTH = 35;

  private CsvStatements() {}

  static List<BankStatement> read(byte[] file) {
    List<Row> rows = rows(utf8(file));
    if (rows.size() < 2) {
      throw new StatementInvalidException(
          "a CSV statement starts with a statement row and the header row " + HEADER);
    }
    Row first = rows.getFirst();
    if (first.fields().size() != 7 || !"statement".equals(first.fields().getFirst())) {
      throw refused(
          first.line(),
          "expected statement,<message id>,<statement id>,<account>,<currency>,<opening>,"
              + "<closing>");
    }
    if (!HEADER.equals(String.join(",", rows.get(1).fields()))) {
      throw refused(rows.get(1).line(), "expected the header " + HEADER);
    }
    List<String> statement = first.fields();
    CurrencyCode currency;
    BankAccountNumber account;
    Money opening;
    Money closing;
    try {
      currency = CurrencyCode.of(statement.get(4));
      account = BankAccountNumber.of(statement.get(3));
      opening = statement.get(5).isEmpty() ? null : Money.ofDecimal(statement.get(5), currency);
      closing = statement.get(6).isEmpty() ? null : Money.ofDecimal(statement.get(6), currency);
      if ((opening == null) != (closing == null)) {
        throw new InvalidRequestException(
            "give both balances (an end-of-day statement) or neither (a notification)");
      }
    } catch (InvalidRequestException | MoneyOverflowException bad) {
      throw refused(first.line(), bad.getMessage());
    }
    String messageId = id(statement.get(1), "message id", true, first.line());
    String statementId = id(statement.get(2), "statement id", true, first.line());
    List<StatementLine> lines = new ArrayList<>();
    for (Row row : rows.subList(2, rows.size())) {
      lines.add(line(row, lines.size() + 1, currency));
    }
    StatementKind kind = opening == null ? StatementKind.NOTIFICATION : StatementKind.END_OF_DAY;
    return List.of(
        new BankStatement(
            messageId, statementId, kind, account, currency, opening, closing, lines));
  }

  private static StatementLine line(Row row, int number, CurrencyCode currency) {
    List<String> fields = row.fields();
    if (fields.size() != COLUMNS) {
      throw refused(row.line(), fields.size() + " fields, where the header has " + COLUMNS);
    }
    String endToEndId = id(fields.get(4), "end_to_end_id", false, row.line());
    String bankReference = id(fields.get(6), "bank_reference", false, row.line());
    String returnReason = id(fields.get(8), "return_reason", false, row.line());
    try {
      LocalDate booked = date(fields.get(0), "booking_date");
      LocalDate value = fields.get(1).isEmpty() ? booked : date(fields.get(1), "value_date");
      return new StatementLine(
          number,
          bankReference,
          direction(fields.get(2)),
          Money.ofDecimal(fields.get(3), currency),
          booked,
          value,
          "NOTPROVIDED".equals(endToEndId) ? null : endToEndId,
          fields.get(5).isEmpty() ? null : fields.get(5),
          returned(fields.get(7)),
          returnReason);
    } catch (InvalidRequestException | MoneyOverflowException bad) {
      throw refused(row.line(), bad.getMessage());
    }
  }

  /** An identifier field: at most 35 characters, as in ISO 20022; {@code null} when empty. */
  private static String id(String field, String name, boolean required, int line) {
    if (field.isEmpty()) {
      if (required) {
        throw refused(line, "the " + name + " is required");
      }
      return null;
    }
    if (field.length() > ID_LENGTH) {
      throw refused(
          line, "the " + name + " has " + field.length() + " characters; at most " + ID_LENGTH);
    }
    return field;
  }

  private static LocalDate date(String field, String name) {
    try {
      return LocalDate.parse(field);
    } catch (DateTimeParseException notADate) {
      throw new InvalidRequestException(name + " must be a date like 2026-12-04, got " + field);
    }
  }

  private static CreditDebit direction(String field) {
    return switch (field) {
      case "CREDIT" -> CreditDebit.CREDIT;
      case "DEBIT" -> CreditDebit.DEBIT;
      default ->
          throw new InvalidRequestException("direction must be CREDIT or DEBIT, got " + field);
    };
  }

  private static boolean returned(String field) {
    return switch (field) {
      case "", "false" -> false;
      case "true" -> true;
      default -> throw new InvalidRequestException("returned must be true or false, got " + field);
    };
  }

  /** The file as text: UTF-8, a byte order mark dropped. */
  private static String utf8(byte[] file) {
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(file))
              .toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (CharacterCodingException notUtf8) {
      throw new StatementInvalidException("a CSV statement must be UTF-8 text");
    }
  }

  /** The file's rows, blank lines skipped, each split into its fields. */
  private static List<Row> rows(String text) {
    List<Row> rows = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].isBlank()) {
        rows.add(new Row(i + 1, fields(lines[i], i + 1)));
      }
    }
    return rows;
  }

  private static List<String> fields(String line, int lineNumber) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    int i = 0;
    while (true) {
      if (i < line.length() && line.charAt(i) == '"') {
        i++;
        while (true) {
          if (i >= line.length()) {
            throw refused(lineNumber, "a quoted field does not end on its line");
          }
          char c = line.charAt(i++);
          if (c != '"') {
            field.append(c);
          } else if (i < line.length() && line.charAt(i) == '"') {
            field.append('"');
            i++;
          } else {
            break;
          }
        }
        if (i < line.length() && line.charAt(i) != ',') {
          throw refused(lineNumber, "text after a quoted field's closing quote");
        }
      } else {
        while (i < line.length() && line.charAt(i) != ',') {
          field.append(line.charAt(i++));
        }
      }
      fields.add(field.toString().strip());
      field.setLength(0);
      if (i >= line.length()) {
        return fields;
      }
      i++;
    }
  }

  private static StatementInvalidException refused(int line, String why) {
    return new StatementInvalidException("CSV line " + line + ": " + why);
  }

  /** A row of fields and its line in the file, which every refusal names. */
  private record Row(int line, List<String> fields) {}
}
