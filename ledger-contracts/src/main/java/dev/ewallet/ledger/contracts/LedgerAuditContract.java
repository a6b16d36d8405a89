package dev.ewallet.ledger.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LedgerAudit} must find, run against the fake and the JPA adapter. Tests use a
 * currency of their own so other tests' data in a shared database cannot disturb the sums.
 */
public abstract class LedgerAuditContract {

  private static final CurrencyCode FRANCS = CurrencyCode.of("CHF");

  protected abstract LedgerAudit audit();

  protected abstract AccountRepository accounts();

  protected abstract JournalRepository journal();

  protected abstract UnitOfWork unitOfWork();

  /** The posting path over the same storage as the ports under test. */
  protected abstract Postings postings();

  /** Overwrites a cached balance behind the ledger's back, as a bug or a manual edit would. */
  protected abstract void corruptBalance(AccountId account, long balanceMinor);

  private AccountId funded(long amount) {
    AccountId wallet =
        accounts()
            .create(
                new NewAccount(
                    UserId.of(LedgerFixtures.freshUserId()),
                    FRANCS,
                    AccountKind.USER,
                    Instant.now()))
            .id();
    postings().deposit(wallet, Money.of(amount, FRANCS));
    return wallet;
  }

  @Test
  void balancedPostingsLeaveEveryCurrencySumAtZero() {
    funded(1_234);
    funded(766);

    assertThat(audit().entrySumsByCurrency()).containsEntry("CHF", 0L);
  }

  @Test
  void aBalanceThatDiffersFromItsEntriesIsFound() {
    AccountId wallet = funded(500);
    corruptBalance(wallet, 499);

    assertThat(audit().accountMismatches(1_000))
        .filteredOn(m -> m.accountId() == wallet.value())
        .singleElement()
        .satisfies(m -> {
          assertThat(m.kind()).isEqualTo(Kind.BALANCE_NOT_ENTRY_SUM);
          assertThat(m.currency()).isEqualTo("CHF");
          assertThat(m.expectedMinor()).isEqualTo(500);
          assertThat(m.actualMinor()).isEqualTo(499);
        });
    corruptBalance(wallet, 500);
    assertThat(audit().accountMismatches(1_000))
        .extracting(ReconciliationMismatch::accountId)
        .doesNotContain(wallet.value());
  }

  @Test
  void theNumberOfMismatchesIsBounded() {
    AccountId first = funded(10);
    AccountId second = funded(10);
    corruptBalance(first, 11);
    corruptBalance(second, 11);

    assertThat(audit().accountMismatches(1)).hasSize(1);
    corruptBalance(first, 10);
    corruptBalance(second, 10);
  }
}
