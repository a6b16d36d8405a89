package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.Map;

/**
 * Builds the transaction from the accounts as they are once locked, and refuses it (by throwing a
 * {@code LedgerException}) when a rule of the use case forbids it.
 */
@FunctionalInterface
interface PostingPlan {

  JournalTransaction build(Map<AccountId, Account> locked, TransactionId id, Instant at);
}
