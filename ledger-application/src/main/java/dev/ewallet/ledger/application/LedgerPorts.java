package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.PostingBatchMetrics;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.util.Objects;

/** Every out-port the use cases need, as one value a framework's wiring (or a test) fills in. */
public record LedgerPorts(
    AccountRepository accounts,
    JournalRepository journal,
    LedgerEventOutbox outbox,
    LedgerAudit audit,
    OutboxStore outboxStore,
    LedgerEventPublisher publisher,
    RateLimiter rateLimiter,
    WithdrawalRepository withdrawals,
    HoldRepository holds,
    AccountReads reads,
    BankPayoutGateway bank,
    PostingBatchMetrics batchMetrics,
    AuditTrail auditTrail,
    UnitOfWork unitOfWork,
    PostingTracing tracing) {

  public LedgerPorts {
    Objects.requireNonNull(accounts, "accounts");
    Objects.requireNonNull(journal, "journal");
    Objects.requireNonNull(outbox, "outbox");
    Objects.requireNonNull(audit, "audit");
    Objects.requireNonNull(outboxStore, "outboxStore");
    Objects.requireNonNull(publisher, "publisher");
    Objects.requireNonNull(rateLimiter, "rateLimiter");
    Objects.requireNonNull(withdrawals, "withdrawals");
    Objects.requireNonNull(holds, "holds");
    Objects.requireNonNull(reads, "reads");
    Objects.requireNonNull(bank, "bank");
    Objects.requireNonNull(batchMetrics, "batchMetrics");
    Objects.requireNonNull(auditTrail, "auditTrail");
    Objects.requireNonNull(unitOfWork, "unitOfWork");
    Objects.requireNonNull(tracing, "tracing");
  }

  /** The ports of a program that traces nothing ({@link PostingTracing#none()}). */
  public LedgerPorts(
      AccountRepository accounts,
      JournalRepository journal,
      LedgerEventOutbox outbox,
      LedgerAudit audit,
      OutboxStore outboxStore,
      LedgerEventPublisher publisher,
      RateLimiter rateLimiter,
      WithdrawalRepository withdrawals,
      HoldRepository holds,
      AccountReads reads,
      BankPayoutGateway bank,
      PostingBatchMetrics batchMetrics,
      AuditTrail auditTrail,
      UnitOfWork unitOfWork) {
    this(
        accounts,
        journal,
        outbox,
        audit,
        outboxStore,
        publisher,
        rateLimiter,
        withdrawals,
        holds,
        reads,
        bank,
        batchMetrics,
        auditTrail,
        unitOfWork,
        PostingTracing.none());
  }

  /** The same ports with another outbox store, e.g. a second relay instance. */
  public LedgerPorts withOutboxStore(OutboxStore store) {
    return new LedgerPorts(
        accounts,
        journal,
        outbox,
        audit,
        store,
        publisher,
        rateLimiter,
        withdrawals,
        holds,
        reads,
        bank,
        batchMetrics,
        auditTrail,
        unitOfWork,
        tracing);
  }
}
