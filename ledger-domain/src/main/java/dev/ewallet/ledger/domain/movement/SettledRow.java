package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.journal.TransactionId;

/** The bank-flow row a movement moves on, named by its id: locked after the accounts. */
public sealed interface SettledRow {

  TransactionId id();

  record HoldRow(TransactionId id) implements SettledRow {}

  record WithdrawalRow(TransactionId id) implements SettledRow {}

  record PendingDepositRow(TransactionId id) implements SettledRow {}
}
