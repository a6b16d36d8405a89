package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.MoneyOverflowException;
import dev.ewallet.ledger.domain.journal.ChainCheck;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChainVerification;
import dev.ewallet.ledger.domain.port.in.ChainVerificationQuery;
import dev.ewallet.ledger.domain.port.in.ReconciliationQuery;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Proves the books balance, or lists where they do not. */
public final class ReconciliationService implements ReconciliationQuery, ChainVerificationQuery {

  /** Enough rows to find the cause; a broken ledger can have millions. */
  static final int MAX_ACCOUNT_MISMATCHES = 100;

  private final LedgerAudit audit;
  private final Clock clock;

  public ReconciliationService(LedgerAudit audit, Clock clock) {
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public ReconciliationReport reconcile(Caller caller) {
    caller.requireOperator();
    Map<String, Long> sums = new TreeMap<>(audit.entrySumsByCurrency());
    List<ReconciliationMismatch> mismatches = new ArrayList<>();
    long ledgerSum = 0;
    for (Map.Entry<String, Long> sum : sums.entrySet()) {
      if (sum.getValue() != 0) {
        mismatches.add(
            new ReconciliationMismatch(
                Kind.CURRENCY_SUM_NOT_ZERO, null, null, sum.getKey(), 0, sum.getValue()));
      }
      ledgerSum = addExact(ledgerSum, sum.getValue());
    }
    mismatches.addAll(audit.accountMismatches(MAX_ACCOUNT_MISMATCHES));
    mismatches.addAll(audit.holdAccountMismatches());
    mismatches.addAll(audit.hashChainMismatches(MAX_ACCOUNT_MISMATCHES));
    return new ReconciliationReport(ledgerSum, sums, mismatches, clock.instant());
  }

  @Override
  public ChainVerification verify(Caller caller, AccountId accountId) {
    caller.requireOperator();
    ChainCheck check = new ChainCheck();
    LedgerAudit.StoredChain chain =
        audit
            .chain(accountId, check::accept)
            .orElseThrow(() -> new AccountNotFoundException(accountId.value()));
    return new ChainVerification(
        accountId,
        check.entries(),
        check.verified(chain.start(), chain.end()),
        check.firstBrokenEntryId(chain.start()));
  }

  private static long addExact(long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException overflow) {
      throw new MoneyOverflowException("the ledger sum overflows: the books are badly broken");
    }
  }
}
