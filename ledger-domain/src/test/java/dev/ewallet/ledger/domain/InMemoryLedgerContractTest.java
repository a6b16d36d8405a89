package dev.ewallet.ledger.domain;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.HeldFunds;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.domain.testing.AccountRepositoryContract;
import dev.ewallet.ledger.domain.testing.AuditTrailContract;
import dev.ewallet.ledger.domain.testing.BankFlowRepositoryContract;
import dev.ewallet.ledger.domain.testing.InMemoryLedger;
import dev.ewallet.ledger.domain.testing.JournalRepositoryContract;
import dev.ewallet.ledger.domain.testing.LedgerAuditContract;
import dev.ewallet.ledger.domain.testing.OutboxStoreContract;
import org.junit.jupiter.api.Nested;

/** The fake must honour the same contracts as the real adapters, or application tests lie. */
class InMemoryLedgerContractTest {

  private final InMemoryLedger ledger = new InMemoryLedger();

  @Nested
  class AuditEvents extends AuditTrailContract {
    @Override
    protected AuditTrail trail() {
      return ledger;
    }
  }

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
  class Audit extends LedgerAuditContract {
    @Override
    protected LedgerAudit audit() {
      return ledger;
    }

    @Override
    protected AccountRepository accounts() {
      return ledger;
    }

    @Override
    protected JournalRepository journal() {
      return ledger;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger;
    }

    @Override
    protected void corruptBalance(AccountId account, long balanceMinor) {
      ledger.corruptBalance(account, balanceMinor);
    }
  }

  @Nested
  class Outbox extends OutboxStoreContract {
    @Override
    protected LedgerEventOutbox outbox() {
      return ledger;
    }

    @Override
    protected OutboxStore store() {
      return ledger;
    }

    @Override
    protected UnitOfWork unitOfWork() {
      return ledger;
    }
  }

  @Nested
  class BankFlows extends BankFlowRepositoryContract {
    @Override
    protected WithdrawalRepository withdrawals() {
      return ledger;
    }

    @Override
    protected HoldRepository holds() {
      return ledger;
    }

    @Override
    protected HeldFunds heldFunds() {
      return ledger;
    }

    @Override
    protected AccountRepository accounts() {
      return ledger;
    }

    @Override
    protected JournalRepository journal() {
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
