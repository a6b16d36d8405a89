package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.AccountReadsContract;
import dev.ewallet.ledger.testkit.AccountRepositoryContract;
import dev.ewallet.ledger.testkit.AuditTrailContract;
import dev.ewallet.ledger.testkit.BankFlowRepositoryContract;
import dev.ewallet.ledger.testkit.JournalRepositoryContract;
import dev.ewallet.ledger.testkit.LedgerAuditContract;
import dev.ewallet.ledger.testkit.OutboxStoreContract;
import org.junit.jupiter.api.Nested;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The JPA adapters against the same contracts as the in-memory fake, on real PostgreSQL. */
class JpaAdaptersContractIT extends PersistenceIntegrationTest {

  @Autowired AccountRepository accountRepository;
  @Autowired AccountReads accountReads;
  @Autowired JournalRepository journalRepository;
  @Autowired UnitOfWork transactions;
  @Autowired LedgerAudit ledgerAudit;
  @Autowired JpaBankFlowRepositoryAdapter bankFlows;
  @Autowired LedgerEventOutbox ledgerEventOutbox;
  @Autowired OutboxStore outboxStore;
  @Autowired JdbcClient jdbc;
  @Autowired AuditTrail auditTrail;

  @Nested
  class AuditEvents extends AuditTrailContract {
    @Override
    protected AuditTrail trail() {
      return auditTrail;
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
      return bankFlows;
    }

    @Override
    protected HoldRepository holds() {
      return bankFlows;
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
      return bankFlows;
    }

    @Override
    protected HoldRepository holds() {
      return bankFlows;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return transactions;
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
  }
}
