package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
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
import dev.ewallet.ledger.runtime.RequestDeadline;
import dev.ewallet.ledger.testkit.AccountReadsContract;
import dev.ewallet.ledger.testkit.AccountRepositoryContract;
import dev.ewallet.ledger.testkit.AuditTrailContract;
import dev.ewallet.ledger.testkit.BankFlowRepositoryContract;
import dev.ewallet.ledger.testkit.DirectPostings;
import dev.ewallet.ledger.testkit.JournalRepositoryContract;
import dev.ewallet.ledger.testkit.LedgerAuditContract;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import dev.ewallet.ledger.testkit.OutboxStoreContract;
import dev.ewallet.ledger.testkit.UnitOfWorkContract;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
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
  @Autowired DataSource dataSource;
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

  /**
   * The same contract with the filtered history's limits cut to almost nothing, so that its pages
   * end short where they stop examining and a reference two transactions carry counts as common:
   * following each page's next position must still give every matching entry, once.
   */
  @Nested
  class ReadsWithTightHistoryLimits extends Reads {

    private final AccountReads tight =
        new JdbcAccountReadsAdapter(
            jdbc,
            ReplicaReads.none(jdbc, dataSource),
            new FilteredHistory.Limits(2, 1),
            ReadBatchingProperties.OFF,
            new SimpleMeterRegistry());

    @Override
    protected AccountReads reads() {
      return tight;
    }

    @Test
    void aPageEndsShortWhereItStoppedExaminingAndTheNextResumesThere() {
      AccountId wallet = newWallet(accountRepository);
      DirectPostings post =
          new DirectPostings(accountRepository, journalRepository, transactions, 1);
      post.deposit(wallet, LedgerFixtures.vnd(9));
      for (int i = 0; i < 4; i++) {
        post.deposit(wallet, LedgerFixtures.vnd(1));
      }
      HistoryFilter large = new HistoryFilter(null, null, null, null, 5L, null, null);

      AccountHistory first = tight.history(wallet, large, null, 11).orElseThrow();
      AccountHistory second = tight.history(wallet, large, first.examinedTo(), 11).orElseThrow();
      AccountHistory third = tight.history(wallet, large, second.examinedTo(), 11).orElseThrow();

      assertThat(first.entries()).isEmpty();
      assertThat(second.entries()).isEmpty();
      assertThat(third.entries()).extracting(e -> e.amount().amountMinor()).containsExactly(9L);
      assertThat(third.examinedTo()).isNull();
      assertThat(filtered(wallet, large, 10)).hasSize(1);
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
