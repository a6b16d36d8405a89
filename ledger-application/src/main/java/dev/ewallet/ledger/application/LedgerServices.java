package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;

/**
 * Builds every use-case service over one set of out-ports. The wiring of a framework (or a test)
 * calls this instead of the services' constructors, so the posting flow is shared, not repeated.
 */
public final class LedgerServices {

  private final AccountService accounts;
  private final TransferService transfers;
  private final DepositService deposits;
  private final ReversalService reversals;
  private final TransactionQueryService transactions;
  private final ReconciliationService reconciliation;
  private final OutboxRelayService outboxRelay;

  public LedgerServices(
      AccountRepository accountRepository,
      JournalRepository journal,
      LedgerEventOutbox outbox,
      LedgerAudit audit,
      OutboxStore outboxStore,
      LedgerEventPublisher publisher,
      UnitOfWork unitOfWork,
      Clock clock) {
    JournalPoster poster = new JournalPoster(accountRepository, journal, outbox, unitOfWork, clock);
    this.accounts = new AccountService(accountRepository, journal, clock);
    this.transfers = new TransferService(poster);
    this.deposits = new DepositService(accountRepository, poster);
    this.reversals = new ReversalService(journal, poster);
    this.transactions = new TransactionQueryService(accountRepository, journal);
    this.reconciliation = new ReconciliationService(audit, clock);
    this.outboxRelay = new OutboxRelayService(outboxStore, publisher, unitOfWork, clock);
  }

  public AccountService accounts() {
    return accounts;
  }

  public TransferService transfers() {
    return transfers;
  }

  public DepositService deposits() {
    return deposits;
  }

  public ReversalService reversals() {
    return reversals;
  }

  public TransactionQueryService transactions() {
    return transactions;
  }

  public ReconciliationService reconciliation() {
    return reconciliation;
  }

  public OutboxRelayService outboxRelay() {
    return outboxRelay;
  }
}
