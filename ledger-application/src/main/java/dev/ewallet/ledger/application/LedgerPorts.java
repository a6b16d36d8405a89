package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.PostingBatchMetrics;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.util.Objects;

/**
 * Every out-port the use cases need, as one value a framework's wiring (or a test) fills in through
 * {@link #builder()}: each port named, the storage adapter that plays two roles (the outbox, the
 * bank-flow rows) given once.
 */
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
    PendingDepositRepository pendingDeposits,
    BalanceMonitorRepository monitors,
    HotAccountStore hotAccounts,
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
    Objects.requireNonNull(pendingDeposits, "pendingDeposits");
    Objects.requireNonNull(monitors, "monitors");
    Objects.requireNonNull(hotAccounts, "hotAccounts");
    Objects.requireNonNull(reads, "reads");
    Objects.requireNonNull(bank, "bank");
    Objects.requireNonNull(batchMetrics, "batchMetrics");
    Objects.requireNonNull(auditTrail, "auditTrail");
    Objects.requireNonNull(unitOfWork, "unitOfWork");
    Objects.requireNonNull(tracing, "tracing");
  }

  /**
   * A builder with no port set but two defaults: no tracing ({@link PostingTracing#none()}) and
   * group-commit batches reported nowhere. {@link Builder#build()} names the first port missing.
   */
  public static Builder builder() {
    return new Builder();
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
        pendingDeposits,
        monitors,
        hotAccounts,
        reads,
        bank,
        batchMetrics,
        auditTrail,
        unitOfWork,
        tracing);
  }

  /** Fills in {@link LedgerPorts} one named port at a time. */
  public static final class Builder {

    private AccountRepository accounts;
    private JournalRepository journal;
    private LedgerEventOutbox outbox;
    private LedgerAudit audit;
    private OutboxStore outboxStore;
    private LedgerEventPublisher publisher;
    private RateLimiter rateLimiter;
    private WithdrawalRepository withdrawals;
    private HoldRepository holds;
    private PendingDepositRepository pendingDeposits;
    private BalanceMonitorRepository monitors;
    private HotAccountStore hotAccounts;
    private AccountReads reads;
    private BankPayoutGateway bank;
    private PostingBatchMetrics batchMetrics = (requests, queueWaitNanos, batchNanos) -> {};
    private AuditTrail auditTrail;
    private UnitOfWork unitOfWork;
    private PostingTracing tracing = PostingTracing.none();

    private Builder() {}

    public Builder accounts(AccountRepository accounts) {
      this.accounts = accounts;
      return this;
    }

    public Builder journal(JournalRepository journal) {
      this.journal = journal;
      return this;
    }

    /** Where postings write their events. */
    public Builder outbox(LedgerEventOutbox outbox) {
      this.outbox = outbox;
      return this;
    }

    /** Where the relay reads them. */
    public Builder outboxStore(OutboxStore outboxStore) {
      this.outboxStore = outboxStore;
      return this;
    }

    /** One adapter that is both the outbox postings write and the store the relay reads. */
    public <T extends LedgerEventOutbox & OutboxStore> Builder outboxAndStore(T both) {
      return outbox(both).outboxStore(both);
    }

    public Builder audit(LedgerAudit audit) {
      this.audit = audit;
      return this;
    }

    public Builder publisher(LedgerEventPublisher publisher) {
      this.publisher = publisher;
      return this;
    }

    public Builder rateLimiter(RateLimiter rateLimiter) {
      this.rateLimiter = rateLimiter;
      return this;
    }

    public Builder withdrawals(WithdrawalRepository withdrawals) {
      this.withdrawals = withdrawals;
      return this;
    }

    public Builder holds(HoldRepository holds) {
      this.holds = holds;
      return this;
    }

    public Builder pendingDeposits(PendingDepositRepository pendingDeposits) {
      this.pendingDeposits = pendingDeposits;
      return this;
    }

    /** One adapter that stores the withdrawals, the holds and the pending deposits. */
    public <T extends WithdrawalRepository & HoldRepository & PendingDepositRepository>
        Builder bankFlows(T all) {
      return withdrawals(all).holds(all).pendingDeposits(all);
    }

    /** Where balance monitors live; the posting path reads and moves their edges. */
    public Builder monitors(BalanceMonitorRepository monitors) {
      this.monitors = monitors;
      return this;
    }

    /** Where operators' splitting policies and the hot-account decisions live. */
    public Builder hotAccounts(HotAccountStore hotAccounts) {
      this.hotAccounts = hotAccounts;
      return this;
    }

    public Builder reads(AccountReads reads) {
      this.reads = reads;
      return this;
    }

    public Builder bank(BankPayoutGateway bank) {
      this.bank = bank;
      return this;
    }

    public Builder batchMetrics(PostingBatchMetrics batchMetrics) {
      this.batchMetrics = batchMetrics;
      return this;
    }

    public Builder auditTrail(AuditTrail auditTrail) {
      this.auditTrail = auditTrail;
      return this;
    }

    public Builder unitOfWork(UnitOfWork unitOfWork) {
      this.unitOfWork = unitOfWork;
      return this;
    }

    public Builder tracing(PostingTracing tracing) {
      this.tracing = tracing;
      return this;
    }

    /**
     * @throws NullPointerException naming the first port not set
     */
    public LedgerPorts build() {
      return new LedgerPorts(
          accounts,
          journal,
          outbox,
          audit,
          outboxStore,
          publisher,
          rateLimiter,
          withdrawals,
          holds,
          pendingDeposits,
          monitors,
          hotAccounts,
          reads,
          bank,
          batchMetrics,
          auditTrail,
          unitOfWork,
          tracing);
    }
  }
}
