package dev.ewallet.ledger.application.reads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import dev.ewallet.ledger.domain.port.in.Caller;
import org.junit.jupiter.api.Test;

class ReconciliationServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();

  @Test
  void balancedBooksReportZeroMismatches() {
    AccountId alice = f.openWallet(7);
    AccountId bob = f.openWallet(8);
    f.deposit(alice, 9_000);
    f.transfer(7, alice, bob, 4_000);

    ReconciliationReport report = f.services.reconciliation().reconcile(Caller.system());

    assertThat(report.balanced()).isTrue();
    assertThat(report.ledgerSumMinor()).isZero();
    assertThat(report.sumByCurrency()).containsEntry("VND", 0L);
  }

  @Test
  void aBalanceThatDiffersFromItsEntriesIsReported() {
    AccountId alice = f.openWallet(7);
    f.deposit(alice, 9_000);
    f.ledger.accounts().corruptBalance(alice, 9_001);

    ReconciliationReport report =
        f.services.reconciliation().reconcile(LedgerServicesFixture.OPERATOR);

    assertThat(report.balanced()).isFalse();
    assertThat(report.mismatches())
        .singleElement()
        .satisfies(m -> {
          assertThat(m.kind()).isEqualTo(Kind.BALANCE_NOT_ENTRY_SUM);
          assertThat(m.accountId()).isEqualTo(alice.value());
          assertThat(m.expectedMinor()).isEqualTo(9_000);
          assertThat(m.actualMinor()).isEqualTo(9_001);
        });
  }

  @Test
  void onlyOperatorsReconcile() {
    assertThatThrownBy(() -> f.services.reconciliation().reconcile(Caller.user(7)))
        .isInstanceOf(AccessDeniedException.class);
  }
}
