package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Set-based checks over the whole ledger, for reconciliation. */
public interface LedgerAudit {

  /** The sum of all entries per currency code; currencies without entries are absent. */
  Map<String, Long> entrySumsByCurrency();

  /**
   * Accounts whose cached balance differs from the sum of their entries, and accounts whose first
   * inconsistent {@code balance_after} breaks their chain.
   *
   * @param limit the most mismatches to return, at least 1
   * @return never {@code null}; empty when every account is consistent
   */
  List<ReconciliationMismatch> accountMismatches(int limit);

  /**
   * Hold accounts whose balance differs from the sum of the pending withdrawals and holds of their
   * currency: money on its way out must be exactly what the hold account holds.
   *
   * @return never {@code null}; empty when every hold account is consistent
   */
  List<ReconciliationMismatch> holdAccountMismatches();

  /**
   * Accounts whose hash chain breaks: the first entry per account whose stored hash is not the link
   * of the stored hash before it (or the chain's start) and its own fields, and accounts whose row
   * says the chain ends elsewhere than their newest entry's hash.
   *
   * @param limit the most mismatches to return, at least 1
   */
  List<ReconciliationMismatch> hashChainMismatches(int limit);

  /**
   * An account's chain as stored, read at one instant: hands its retained entries to {@code sink}
   * oldest first (by time, then id) as they are read, and returns where the chain starts ({@link
   * EntryHash#GENESIS}, or where its archived entries left it) and where the account row says it
   * ends; empty, with nothing handed over, when there is no such account.
   */
  Optional<StoredChain> chain(AccountId id, Consumer<LedgerEntry> sink);

  /** An account's chain as stored. */
  record StoredChain(AccountId accountId, EntryHash start, EntryHash end) {}
}
