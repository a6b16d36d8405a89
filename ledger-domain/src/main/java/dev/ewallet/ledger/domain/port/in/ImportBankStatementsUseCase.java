package dev.ewallet.ledger.domain.port.in;

/**
 * Imports a bank's statement file: stores each statement once (by its message and statement ids),
 * refuses one whose lines do not add up or that was imported before with other content, and settles
 * what its lines match (docs/bank-reconciliation.md).
 */
public interface ImportBankStatementsUseCase {

  StatementImport importStatements(ImportBankStatementsCommand command);
}
