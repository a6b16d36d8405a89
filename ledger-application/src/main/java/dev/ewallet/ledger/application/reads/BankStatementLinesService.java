package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.application.OperatorPages;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.port.in.BankStatementLinesQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import java.util.List;

/** The stored statement lines, for operators: the exceptions queue and what was resolved. */
public final class BankStatementLinesService implements BankStatementLinesQuery {

  private final BankStatementStore store;

  public BankStatementLinesService(BankStatementStore store) {
    this.store = store;
  }

  @Override
  public List<StoredLine> lines(Caller caller, LineStatus status, Long beforeId, int limit) {
    OperatorPages.require(caller, limit);
    return store.lines(status, beforeId, limit);
  }
}
