package dev.ewallet.ledger.domain.testing;

import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import org.junit.jupiter.api.Nested;

/** The fake must honour the same contracts as the real adapters, or application tests lie. */
class InMemoryLedgerContractTest {

  private final InMemoryLedger ledger = new InMemoryLedger();

  @Nested
  class Accounts extends AccountRepositoryContract {
    @Override
    protected AccountRepository accounts() {
      return ledger;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger;
    }
  }

  @Nested
  class Journal extends JournalRepositoryContract {
    @Override
    protected JournalRepository journal() {
      return ledger;
    }

    @Override
    protected AccountRepository accounts() {
      return ledger;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger;
    }
  }
}
