package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import java.util.List;

/** Reads the statements a bank's file holds (one file may report on several accounts). */
public interface BankStatementReader {

  /**
   * @param mediaType the file's layout: {@code application/xml} (ISO 20022 camt.053 or camt.054) or
   *     {@code text/csv} (the CSV layout of docs/bank-reconciliation.md)
   * @return the file's statements, in the file's order
   * @throws StatementInvalidException when the file is too large, not well-formed, not valid
   *     against its layout (an XML message's schema), of a message that is no statement, or of a
   *     media type no reader knows
   */
  List<BankStatement> read(byte[] file, String mediaType);
}
