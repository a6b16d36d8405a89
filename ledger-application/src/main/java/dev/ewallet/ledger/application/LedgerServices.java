package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.in.PostingWriters;
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
  private final ReversalService reversals;
  private final TransactionQueryService transactions;
  private final ReconciliationService reconciliation;
  private final OutboxRelayService outboxRelay;
  private final AdmissionService admission;
  private final WithdrawalService withdrawals;
  private final HoldService holds;
  private final MerchantService merchants;
  private final AuditService audit;
  private final GroupCommitEngine engine;

  /** With transfers posted one database transaction each, and the default limits. */
  public LedgerServices(LedgerPorts ports, RateLimits rateLimits, Clock clock) {
    this(ports, rateLimits, LedgerLimits.DEFAULT, GroupCommitSettings.OFF, clock);
  }

  /**
   * With group commit as the settings say; when it is on, call {@link #start()} before serving and
   * {@link #close()} when done.
   */
  public LedgerServices(
      LedgerPorts ports,
      RateLimits rateLimits,
      LedgerLimits limits,
      GroupCommitSettings groupCommit,
      Clock clock) {
    JournalPoster poster =
        new JournalPoster(
            ports.accounts(), ports.journal(), ports.outbox(), ports.unitOfWork(), clock);
    this.accounts =
        new AccountService(
            ports.accounts(),
            ports.journal(),
            ports.heldFunds(),
            limits.maxAccountsPerUser(),
            clock);
    this.engine =
        groupCommit.enabled()
            ? new GroupCommitEngine(
                ports, ports.batchMetrics(), clock, groupCommit, limits.amounts())
            : null;
    this.transfers = new TransferService(ports.accounts(), poster, engine, limits.amounts());
    this.deposits = new DepositService(ports.accounts(), poster, limits.amounts());
    this.reversals = new ReversalService(ports.accounts(), ports.journal(), poster);
    this.transactions = new TransactionQueryService(ports.accounts(), ports.journal());
    this.reconciliation = new ReconciliationService(ports.audit(), clock);
    this.outboxRelay =
        new OutboxRelayService(ports.outboxStore(), ports.publisher(), ports.unitOfWork(), clock);
    this.admission = new AdmissionService(ports.rateLimiter(), rateLimits);
    this.withdrawals =
        new WithdrawalService(
            ports.accounts(), ports.withdrawals(), ports.bank(), poster, limits.amounts(), clock);
    this.holds = new HoldService(ports.accounts(), ports.holds(), poster, limits.amounts(), clock);
    this.merchants = new MerchantService(ports.accounts(), this.accounts, poster, clock);
    this.audit = new AuditService(ports.auditTrail());
  }

  /** Starts the group-commit writers, if group commit is on. */
  public void start() {
    if (engine != null) {
      engine.start();
    }
  }

  @Override
  public void close() {
    if (engine != null) {
      engine.close();
    }
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

  /** The posting writers: the group-commit engine's, or none when transfers post one by one. */
  public PostingWritersQuery postingWriters() {
    return engine != null ? engine : () -> new PostingWriters(0, 0, 0);
  }

  /** The group-commit engine, or {@code null} when transfers post one by one. */
  GroupCommitEngine engine() {
    return engine;
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
}
