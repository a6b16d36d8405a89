package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.contracts.AccountReadsContract;
import dev.ewallet.ledger.contracts.AccountRepositoryContract;
import dev.ewallet.ledger.contracts.AuditTrailContract;
import dev.ewallet.ledger.contracts.BalanceMonitorRepositoryContract;
import dev.ewallet.ledger.contracts.BankFlowRepositoryContract;
import dev.ewallet.ledger.contracts.BankStatementStoreContract;
import dev.ewallet.ledger.contracts.HotAccountStoreContract;
import dev.ewallet.ledger.contracts.JournalRepositoryContract;
import dev.ewallet.ledger.contracts.LedgerAuditContract;
import dev.ewallet.ledger.contracts.OutboxStoreContract;
import dev.ewallet.ledger.contracts.PayoutFileStoreContract;
import dev.ewallet.ledger.contracts.Postings;
import dev.ewallet.ledger.contracts.ScheduleStoreContract;
import dev.ewallet.ledger.contracts.UnitOfWorkContract;
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
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.runtime.RequestDeadline;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The JPA adapters against the same contracts as the in-memory fake, on real PostgreSQL. */
class JpaAdaptersContractIT extends PersistenceIntegrationTest {

  @Autowired AccountRepository accountRepository;
  @Autowired ScheduleStore scheduleStore;
  @Autowired BalanceMonitorRepository monitorRepository;
  @Autowired HotAccountStore hotAccountStore;
  @Autowired AccountReads accountReads;
  @Autowired JournalRepository journalRepository;
  @Autowired UnitOfWork transactions;
  @Autowired LedgerAudit ledgerAudit;
  @Autowired WithdrawalRepository withdrawalRepository;
  @Autowired HoldRepository holdRepository;
  @Autowired PendingDepositRepository pendingDepositRepository;
  @Autowired LedgerEventOutbox ledgerEventOutbox;
  @Autowired OutboxStore outboxStore;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;
  @Autowired AuditTrail auditTrail;
  @Autowired BankStatementStore bankStatementStore;
  @Autowired PayoutFileStore payoutFileStore;
  @Autowired Postings postings;

  @Nested
  class PayoutFiles extends PayoutFileStoreContract {
    @Override
    protected PayoutFileStore payoutFiles() {
      return payoutFileStore;
    }

    @Override
    protected WithdrawalRepository withdrawals() {
      return withdrawalRepository;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }

  @Nested
  class BankStatements extends BankStatementStoreContract {
    @Override
    protected BankStatementStore store() {
      return bankStatementStore;
    }
  }

  @Nested
  class AuditEvents extends AuditTrailContract {
    @Override
    protected AuditTrail trail() {
      return auditTrail;
    }
  }

  @Nested
  class HotAccounts extends HotAccountStoreContract {
    @Override
    protected HotAccountStore store() {
      return hotAccountStore;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }
  }

  @Nested
  class Monitors extends BalanceMonitorRepositoryContract {
    @Override
    protected BalanceMonitorRepository monitors() {
      return monitorRepository;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }
  }

  @Nested
  class Schedules extends ScheduleStoreContract {
    @Override
    protected ScheduleStore schedules() {
      return scheduleStore;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }
  }

  @Nested
  class Accounts extends AccountRepositoryContract {
    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }
  }

  @Nested
  class Transactions extends UnitOfWorkContract {
    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }
  }

  @Nested
  class Audit extends LedgerAuditContract {
    @Override
    protected LedgerAudit audit() {
      return ledgerAudit;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected JournalRepository journal() {
      return journalRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }

    @Override
    protected void corruptBalance(AccountId account, long balanceMinor) {
      jdbc.sql("UPDATE account SET balance = ? WHERE id = ?")
          .params(balanceMinor, account.value())
          .update();
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
      return ledgerEventOutbox;
    }

    @Override
    protected OutboxStore store() {
      return outboxStore;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }
  }

  @Nested
  class BankFlows extends BankFlowRepositoryContract {
    @Override
    protected WithdrawalRepository withdrawals() {
      return withdrawalRepository;
    }

    @Override
    protected HoldRepository holds() {
      return holdRepository;
    }

    @Override
    protected PendingDepositRepository pendingDeposits() {
      return pendingDepositRepository;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected JournalRepository journal() {
      return journalRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
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
      return accountReads;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected JournalRepository journal() {
      return journalRepository;
    }

    @Override
    protected WithdrawalRepository withdrawals() {
      return withdrawalRepository;
    }

    @Override
    protected HoldRepository holds() {
      return holdRepository;
    }

    @Override
    protected PendingDepositRepository pendingDeposits() {
      return pendingDepositRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }

  /**
   * The same contract read as requests read, under a request's deadline: every account read waits
   * to share a statement ({@link CoalescedStatements}), here always alone, by the statement for
   * many.
   */
  @Nested
  class ReadsOfRequests extends Reads {

    private RequestDeadline.Scope request;

    @BeforeEach
    void startRequest() {
      request = RequestDeadline.start(Duration.ofSeconds(30));
    }

    @AfterEach
    void endRequest() {
      request.close();
    }
  }

  @Nested
  class Journal extends JournalRepositoryContract {
    @Override
    protected JournalRepository journal() {
      return journalRepository;
    }

    @Override
    protected AccountRepository accounts() {
      return accountRepository;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
    }

    @Override
    protected Postings postings() {
      return postings;
    }
  }
}
