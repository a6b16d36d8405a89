package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.error.BankFileInvalidException;
import java.util.List;

/** Reads the statements a bank's file holds (one file may report on several accounts). */
public interface BankStatementReader {

  /**
   * @return the file's statements, in the file's order
   * @throws BankFileInvalidException when the file is too large, not well-formed, not valid against
   *     its message's schema, or of a message that is no statement
   */
  List<BankStatement> read(byte[] file);
}
