package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.StoredLine;
import java.util.List;

/** The stored statement lines (operators): the exceptions queue is those still unmatched. */
public interface BankStatementLinesQuery {

  /**
   * @param status {@code null} for every status
   * @param beforeId the previous page's last line id; {@code null} for the newest
   * @param limit 1 to 100
   */
  List<StoredLine> lines(Caller caller, LineStatus status, Long beforeId, int limit);
}
