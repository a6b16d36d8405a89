package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A statement's entries as CSV (RFC 4180): a header row, then one row per entry, written as each
 * entry arrives. Text a client supplied (reference, description, metadata) is quoted when it must
 * be, and a cell that a spreadsheet would run as a formula (starting with {@code = + - @}, a tab or
 * a carriage return) is prefixed with an apostrophe, so opening a statement runs nothing.
 */
final class StatementCsv {

  static final String MEDIA_TYPE = "text/csv";

  static final String HEADER =
      "entryId,transactionId,type,createdAt,amount,balanceAfter,currency,reference,description,"
          + "metadata,hash,detailsDigest,detailsErased\r\n";

  private final Writer out;

  StatementCsv(Writer out) {
    this.out = out;
  }

  void header() {
    write(HEADER);
  }

  void row(LedgerEntry entry) {
    write(
        entry.entryId()
            + ","
            + entry.transactionId()
            + ","
            + entry.type()
            + ","
            + entry.createdAt()
            + ","
            + entry.amount().amountMinor()
            + ","
            + entry.balanceAfter().amountMinor()
            + ","
            + entry.amount().currency().value()
            + ","
            + text(entry.details().reference())
            + ","
            + text(entry.details().description())
            + ","
            + text(metadata(entry.details().metadata()))
            + ","
            + entry.hash().hex()
            + ","
            + (entry.detailsDigest() == null ? "" : entry.detailsDigest().hex())
            + ","
            + entry.detailsErased()
            + "\r\n");
  }

  /** Metadata as {@code key=value} pairs in key order, separated by semicolons. */
  private static String metadata(Map<String, String> metadata) {
    return metadata.isEmpty()
        ? null
        : metadata.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(";"));
  }

  static String text(String value) {
    if (value == null || value.isEmpty()) {
      return "";
    }
    String cell = "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    boolean quote =
        cell.indexOf(',') >= 0
            || cell.indexOf('"') >= 0
            || cell.indexOf('\n') >= 0
            || cell.indexOf('\r') >= 0;
    return quote ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell;
  }

  private void write(String text) {
    try {
      out.write(text);
    } catch (IOException e) {
      throw new UncheckedIOException("the client stopped reading the statement", e);
    }
  }
}
