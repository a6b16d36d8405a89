package dev.ewallet.ledger.contracts;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.InMemoryBankStatements;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.InMemoryPayoutFiles;
import dev.ewallet.ledger.testkit.InMemoryRateLimiter;
import dev.ewallet.ledger.testkit.InMemorySchedules;
import dev.ewallet.ledger.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Nested;

/** The fake must honour the same contracts as the real adapters, or application tests lie. */
class InMemoryLedgerContractTest {

  private final InMemorySchedules schedules = new InMemorySchedules();

  private final InMemoryLedger ledger = InMemoryLedger.create(4);
  private final Postings postings = Postings.over(ledger);

  @Nested
  class RateLimits extends RateLimiterContract {

    private final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00.250Z"));
    private final InMemoryRateLimiter limiter = new InMemoryRateLimiter(clock);

    @Override
    protected RateLimiter limiter() {
      return limiter;
    }

    @Override
    protected void advance(Duration by) {
      clock.advance(by);
    }
  }

  @Nested
  class PayoutFiles extends PayoutFileStoreContract {
    private final InMemoryPayoutFiles files = new InMemoryPayoutFiles(ledger);

    @Override
    protected PayoutFileStore payoutFiles() {
      return files;
    }

    @Override
    protected WithdrawalRepository withdrawals() {
      return ledger.bankFlows();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }

  @Nested
  class BankStatements extends BankStatementStoreContract {
    private final InMemoryBankStatements statements = new InMemoryBankStatements();

    @Override
    protected BankStatementStore store() {
      return statements;
    }
  }

  @Nested
  class AuditEvents extends AuditTrailContract {
    @Override
    protected AuditTrail trail() {
      return ledger.auditTrail();
    }
  }

  @Nested
  class Monitors extends BalanceMonitorRepositoryContract {
    @Override
    protected BalanceMonitorRepository monitors() {
      return ledger.monitors();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }
  }

  @Nested
  class HotAccounts extends HotAccountStoreContract {
    @Override
    protected HotAccountStore store() {
      return ledger.hotAccounts();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }
  }

  @Nested
  class Schedules extends ScheduleStoreContract {
    @Override
    protected ScheduleStore schedules() {
      return schedules;
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }
  }

  @Nested
  class Accounts extends AccountRepositoryContract {
    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }
  }

  @Nested
  class Transactions extends UnitOfWorkContract {
    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }
  }

  @Nested
  class Audit extends LedgerAuditContract {
    @Override
    protected LedgerAudit audit() {
      return ledger.audit();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected JournalRepository journal() {
      return ledger.journal();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }

    @Override
    protected void corruptBalance(AccountId account, long balanceMinor) {
      ledger.accounts().corruptBalance(account, balanceMinor);
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }

  @Nested
  class Outbox extends OutboxStoreContract {
    @Override
    protected LedgerEventOutbox outbox() {
      return ledger.outbox();
    }

    @Override
    protected OutboxStore store() {
      return ledger.outbox();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }
  }

  @Nested
  class BankFlows extends BankFlowRepositoryContract {
    @Override
    protected WithdrawalRepository withdrawals() {
      return ledger.bankFlows();
    }

    @Override
    protected HoldRepository holds() {
      return ledger.bankFlows();
    }

    @Override
    protected PendingDepositRepository pendingDeposits() {
      return ledger.bankFlows();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected JournalRepository journal() {
      return ledger.journal();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }

  @Nested
  class Reads extends AccountReadsContract {
    @Override
    protected AccountReads reads() {
      return ledger.reads();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected JournalRepository journal() {
      return ledger.journal();
    }

    @Override
    protected WithdrawalRepository withdrawals() {
      return ledger.bankFlows();
    }

    @Override
    protected HoldRepository holds() {
      return ledger.bankFlows();
    }

    @Override
    protected PendingDepositRepository pendingDeposits() {
      return ledger.bankFlows();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }

  @Nested
  class Journal extends JournalRepositoryContract {
    @Override
    protected JournalRepository journal() {
      return ledger.journal();
    }

    @Override
    protected AccountRepository accounts() {
      return ledger.accounts();
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger.store();
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }
}
