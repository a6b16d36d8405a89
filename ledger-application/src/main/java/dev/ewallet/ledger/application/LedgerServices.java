package dev.ewallet.ledger.application;

import dev.ewallet.ledger.application.flows.AccountControlService;
import dev.ewallet.ledger.application.flows.AccountService;
import dev.ewallet.ledger.application.flows.DepositService;
import dev.ewallet.ledger.application.flows.HoldService;
import dev.ewallet.ledger.application.flows.MerchantService;
import dev.ewallet.ledger.application.flows.MultiLegPostingService;
import dev.ewallet.ledger.application.flows.PendingDepositService;
import dev.ewallet.ledger.application.flows.ReversalService;
import dev.ewallet.ledger.application.flows.TransferService;
import dev.ewallet.ledger.application.flows.WalletLifecycleService;
import dev.ewallet.ledger.application.flows.WithdrawalService;
import dev.ewallet.ledger.application.hotaccounts.HotAccountService;
import dev.ewallet.ledger.application.jobs.OutboxRelayService;
import dev.ewallet.ledger.application.monitors.MonitorService;
import dev.ewallet.ledger.application.monitors.PendingInMonitors;
import dev.ewallet.ledger.application.posting.BatchPoster;
import dev.ewallet.ledger.application.posting.GroupCommitEngine;
import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.application.posting.HotRowMeter;
import dev.ewallet.ledger.application.posting.InlinePosting;
import dev.ewallet.ledger.application.posting.PostingMode;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.application.reads.IdempotencyKeyService;
import dev.ewallet.ledger.application.reads.ReconciliationService;
import dev.ewallet.ledger.application.reads.TransactionQueryService;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.port.in.PostingWritersQuery;
import java.time.Clock;

/**
 * Builds every use-case service over one set of out-ports. The wiring of a framework (or a test)
 * calls this instead of the services' constructors, so the posting flow is shared, not repeated.
 */
public final class LedgerServices implements AutoCloseable {

  private final AccountService accounts;
  private final TransferService transfers;
  private final DepositService deposits;
  private final PendingDepositService pendingDeposits;
  private final ReversalService reversals;
  private final TransactionQueryService transactions;
  private final ReconciliationService reconciliation;
  private final OutboxRelayService outboxRelay;
  private final AdmissionService admission;
  private final WithdrawalService withdrawals;
  private final HoldService holds;
  private final MerchantService merchants;
  private final AuditService audit;
  private final AccountControlService controls;
  private final WalletLifecycleService lifecycle;
  private final IdempotencyKeyService idempotencyKeys;
  private final MultiLegPostingService postings;
  private final MonitorService monitors;
  private final HotAccountService hotAccounts;
  private final HotRowMeter hotRows;
  private final PostingStrategy posting;

  /** Posting inline, one database transaction per request, with the default limits. */
  public LedgerServices(LedgerPorts ports, RateLimits rateLimits, Clock clock) {
    this(ports, rateLimits, LedgerLimits.DEFAULT, PostingMode.INLINE, clock);
  }

  /**
   * Every movement posts as the mode says, through the same batch poster: inline, or by group
   * commit. With group commit, call {@link #start()} before the first posting and {@link #close()}
   * when done: a posting while no writer runs is refused at once as overloaded.
   */
  public LedgerServices(
      LedgerPorts ports,
      RateLimits rateLimits,
      LedgerLimits limits,
      PostingMode mode,
      Clock clock) {
    this(ports, rateLimits, limits, mode, HotAccountRule.DEFAULT, clock);
  }

  /** As above, with the ledger's own splitting of hot merchants by {@code hotAccounts}. */
  public LedgerServices(
      LedgerPorts ports,
      RateLimits rateLimits,
      LedgerLimits limits,
      PostingMode mode,
      HotAccountRule hotAccounts,
      Clock clock) {
    this.hotRows = new HotRowMeter(hotAccounts.window(), clock);
    BatchPoster poster =
        new BatchPoster(ports, limits.postingRules(), limits.outgoing(), hotRows, clock);
    this.posting =
        switch (mode) {
          case PostingMode.Inline unused -> new InlinePosting(poster, ports.tracing());
          case GroupCommitSettings settings ->
              new GroupCommitEngine(poster, ports.batchMetrics(), ports.tracing(), settings);
        };
    this.accounts =
        new AccountService(ports.accounts(), ports.reads(), limits.maxAccountsPerUser(), clock);
    this.transfers = new TransferService(ports.accounts(), posting, limits.fees());
    this.deposits = new DepositService(ports.accounts(), ports.pendingDeposits(), posting);
    this.pendingDeposits =
        new PendingDepositService(
            ports.accounts(),
            ports.pendingDeposits(),
            ports.journal(),
            posting,
            new PendingInMonitors(
                ports.accounts(), ports.monitors(), ports.outbox(), ports.tracing(), clock),
            ports.unitOfWork(),
            clock);
    this.reversals = new ReversalService(ports.accounts(), ports.journal(), posting);
    this.transactions = new TransactionQueryService(ports.accounts(), ports.journal());
    this.reconciliation = new ReconciliationService(ports.audit(), clock);
    this.outboxRelay =
        new OutboxRelayService(ports.outboxStore(), ports.publisher(), ports.unitOfWork(), clock);
    this.admission = new AdmissionService(ports.rateLimiter(), rateLimits);
    this.withdrawals =
        new WithdrawalService(
            ports.accounts(), ports.withdrawals(), ports.journal(), ports.bank(), posting, clock);
    this.holds = new HoldService(ports.accounts(), ports.holds(), ports.journal(), posting, clock);
    this.merchants = new MerchantService(ports.accounts(), this.accounts, posting, clock);
    this.audit = new AuditService(ports.auditTrail());
    this.postings = new MultiLegPostingService(posting);
    this.controls =
        new AccountControlService(
            ports.accounts(),
            ports.outbox(),
            this.accounts,
            ports.unitOfWork(),
            limits.outgoing(),
            clock);
    this.idempotencyKeys = new IdempotencyKeyService(ports.journal(), ports.pendingDeposits());
    this.lifecycle =
        new WalletLifecycleService(
            ports.accounts(),
            ports.monitors(),
            ports.outbox(),
            this.accounts,
            posting,
            ports.unitOfWork(),
            clock);
    this.monitors =
        new MonitorService(ports.accounts(), ports.monitors(), ports.unitOfWork(), clock);
    this.hotAccounts =
        new HotAccountService(
            ports.accounts(),
            this.accounts,
            ports.hotAccounts(),
            hotRows,
            hotAccounts,
            ports.unitOfWork(),
            clock);
  }

  /** Starts the group-commit writers, if the ledger posts by group commit. */
  public void start() {
    posting.start();
  }

  @Override
  public void close() {
    posting.close();
  }

  public HotAccountService hotAccounts() {
    return hotAccounts;
  }

  /** What the posting path measures of merchant rows, for metrics. */
  public HotRowMeter hotRows() {
    return hotRows;
  }

  public MonitorService monitors() {
    return monitors;
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

  public PendingDepositService pendingDeposits() {
    return pendingDeposits;
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

  /** The posting writers: the group-commit engine's, or none when posting inline. */
  public PostingWritersQuery postingWriters() {
    return posting;
  }

  public AdmissionService admission() {
    return admission;
  }

  public WithdrawalService withdrawals() {
    return withdrawals;
  }

  public HoldService holds() {
    return holds;
  }

  public MerchantService merchants() {
    return merchants;
  }

  public AuditService audit() {
    return audit;
  }

  public AccountControlService controls() {
    return controls;
  }

  public IdempotencyKeyService idempotencyKeys() {
    return idempotencyKeys;
  }

  public WalletLifecycleService lifecycle() {
    return lifecycle;
  }

  public MultiLegPostingService postings() {
    return postings;
  }
}
