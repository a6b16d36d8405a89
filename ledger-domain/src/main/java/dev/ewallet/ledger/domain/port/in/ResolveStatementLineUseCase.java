package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bank.StoredLine;

/** Resolves a line of the exceptions queue by hand (operators), once. */
public interface ResolveStatementLineUseCase {

  /**
   * @return the line with its resolution
   */
  StoredLine resolve(ResolveStatementLineCommand command);
}
