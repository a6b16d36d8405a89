package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.testing.AccountRepositoryContract;
import dev.ewallet.ledger.domain.testing.JournalRepositoryContract;
import org.junit.jupiter.api.Nested;
import org.springframework.beans.factory.annotation.Autowired;

/** The JPA adapters against the same contracts as the in-memory fake, on real PostgreSQL. */
class JpaAdaptersContractIT extends PersistenceIntegrationTest {

  @Autowired AccountRepository accountRepository;
  @Autowired JournalRepository journalRepository;
  @Autowired UnitOfWork transactions;

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
