package dev.ewallet.ledger.adapter.persistence.reads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.replica.ReplicaReads;
import dev.ewallet.ledger.contracts.AccountReadsContract;
import dev.ewallet.ledger.contracts.Postings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import javax.sql.DataSource;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The account reads' contract, on real PostgreSQL, with the filtered history's limits cut. */
class TightHistoryLimitsIT extends PersistenceIntegrationTest {

  @Autowired AccountRepository accountRepository;
  @Autowired JournalRepository journalRepository;
  @Autowired WithdrawalRepository withdrawalRepository;
  @Autowired HoldRepository holdRepository;
  @Autowired PendingDepositRepository pendingDepositRepository;
  @Autowired UnitOfWork transactions;
  @Autowired JdbcClient jdbc;
  @Autowired Postings postings;
  @Autowired DataSource dataSource;

  /**
   * The same contract with the filtered history's limits cut to almost nothing, so that its pages
   * end short where they stop examining and a reference two transactions carry counts as common:
   * following each page's next position must still give every matching entry, once.
   */
  @Nested
  class Reads extends AccountReadsContract {

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

    @Test
    void aPageEndsShortWhereItStoppedExaminingAndTheNextResumesThere() {
      AccountId wallet = newWallet(accountRepository);
      postings.deposit(wallet, LedgerFixtures.vnd(9));
      for (int i = 0; i < 4; i++) {
        postings.deposit(wallet, LedgerFixtures.vnd(1));
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
}
