package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.port.out.BankStatementReader;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Reads a bank's statement file in the layout its media type names: ISO 20022 camt.053 and camt.054
 * as XML ({@link Iso20022Statements}), or the CSV layout of docs/bank-reconciliation.md ({@link
 * CsvStatements}). A file larger than {@code ledger.bank.statement-max-bytes} is refused before it
 * is read.
 */
@Component
final class BankStatementReaderAdapter implements BankStatementReader {

  /** Twenty MiB: a day of a busy account's bookings, well below what a heap notices. */
  static final int DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

  private final int maxBytes;

  BankStatementReaderAdapter(
      @Value("${ledger.bank.statement-max-bytes:" + DEFAULT_MAX_BYTES + "}") int maxBytes) {
    this.maxBytes = maxBytes;
  }

  @Override
  public List<BankStatement> read(byte[] file, String mediaType) {
    if (file.length > maxBytes) {
      throw new StatementInvalidException(
          "the file has " + file.length + " bytes; at most " + maxBytes + " are accepted");
    }
    String type = mediaType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    return switch (type) {
      case "application/xml", "text/xml" -> Iso20022Statements.read(file);
      case "text/csv" -> CsvStatements.read(file);
      default ->
          throw new StatementInvalidException(
              "a statement file is application/xml (ISO 20022) or text/csv, not " + mediaType);
    };
  }
}
