package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.flows.BankSettlements;
import dev.ewallet.ledger.application.flows.BankStatementService;
import dev.ewallet.ledger.application.flows.PayoutFileService;
import dev.ewallet.ledger.application.flows.PersonalDataErasureService;
import dev.ewallet.ledger.application.flows.StatementInboxService;
import dev.ewallet.ledger.application.flows.StatementLineResolutionService;
import dev.ewallet.ledger.application.reads.BankExceptionsService;
import dev.ewallet.ledger.application.reads.BankStatementLinesService;
import dev.ewallet.ledger.application.reads.PayoutFilesService;
import dev.ewallet.ledger.application.reads.SafeguardingService;
import dev.ewallet.ledger.domain.port.in.AccountEntriesQuery;
import dev.ewallet.ledger.domain.port.in.AdmitRequestUseCase;
import dev.ewallet.ledger.domain.port.in.AnnounceDepositUseCase;
import dev.ewallet.ledger.domain.port.in.AuditBacklogQuery;
import dev.ewallet.ledger.domain.port.in.AuditEventsQuery;
import dev.ewallet.ledger.domain.port.in.BalanceAtQuery;
import dev.ewallet.ledger.domain.port.in.BankExceptionsQuery;
import dev.ewallet.ledger.domain.port.in.BankStatementLinesQuery;
import dev.ewallet.ledger.domain.port.in.ChainVerificationQuery;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusUseCase;
import dev.ewallet.ledger.domain.port.in.CloseAccountUseCase;
import dev.ewallet.ledger.domain.port.in.CreateAccountUseCase;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.DormantWalletsQuery;
import dev.ewallet.ledger.domain.port.in.EraseUserDataUseCase;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsUseCase;
import dev.ewallet.ledger.domain.port.in.ExpiringHoldsQuery;
import dev.ewallet.ledger.domain.port.in.FailDepositUseCase;
import dev.ewallet.ledger.domain.port.in.FindTransactionsByReferenceQuery;
import dev.ewallet.ledger.domain.port.in.FlushAuditEventsUseCase;
import dev.ewallet.ledger.domain.port.in.GetAccountQuery;
import dev.ewallet.ledger.domain.port.in.GetHoldQuery;
import dev.ewallet.ledger.domain.port.in.GetPayoutFileQuery;
import dev.ewallet.ledger.domain.port.in.GetPendingDepositQuery;
import dev.ewallet.ledger.domain.port.in.GetTransactionQuery;
import dev.ewallet.ledger.domain.port.in.GetWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatusQuery;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsUseCase;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxUseCase;
import dev.ewallet.ledger.domain.port.in.ListAccountsQuery;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsUseCase;
import dev.ewallet.ledger.domain.port.in.OldestPendingWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.OutboxBacklogQuery;
import dev.ewallet.ledger.domain.port.in.OutgoingLimitsQuery;
import dev.ewallet.ledger.domain.port.in.PayoutFilesQuery;
import dev.ewallet.ledger.domain.port.in.PendingWithdrawalsQuery;
import dev.ewallet.ledger.domain.port.in.PlaceHoldUseCase;
import dev.ewallet.ledger.domain.port.in.PostLegsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingWritersQuery;
import dev.ewallet.ledger.domain.port.in.PruneOutboxUseCase;
import dev.ewallet.ledger.domain.port.in.ReactivateAccountUseCase;
import dev.ewallet.ledger.domain.port.in.ReconciliationQuery;
import dev.ewallet.ledger.domain.port.in.RecordAuditEventUseCase;
import dev.ewallet.ledger.domain.port.in.RecordRefusalUseCase;
import dev.ewallet.ledger.domain.port.in.RefundTransactionUseCase;
import dev.ewallet.ledger.domain.port.in.RelayOutboxUseCase;
import dev.ewallet.ledger.domain.port.in.ReopenAccountUseCase;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileUseCase;
import dev.ewallet.ledger.domain.port.in.ResendPayoutsUseCase;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.ResolveStatementLineUseCase;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionUseCase;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesUseCase;
import dev.ewallet.ledger.domain.port.in.SafeguardingQuery;
import dev.ewallet.ledger.domain.port.in.SetOutgoingLimitsUseCase;
import dev.ewallet.ledger.domain.port.in.SettleDepositUseCase;
import dev.ewallet.ledger.domain.port.in.SettleHoldUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.StatementEntriesQuery;
import dev.ewallet.ledger.domain.port.in.StatementQuery;
import dev.ewallet.ledger.domain.port.in.StatementTotalsQuery;
import dev.ewallet.ledger.domain.port.in.SubmitTransferBatchUseCase;
import dev.ewallet.ledger.domain.port.in.SuspenseItemsQuery;
import dev.ewallet.ledger.domain.port.in.SweepMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.TransactionByKeyQuery;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BankStatementReader;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.PaymentFileDrop;
import dev.ewallet.ledger.domain.port.out.PaymentFileWriter;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.PersonalDataStore;
import dev.ewallet.ledger.domain.port.out.SafeguardingFigures;
import dev.ewallet.ledger.domain.port.out.SafeguardingShortfalls;
import dev.ewallet.ledger.domain.port.out.SafeguardingWatch;
import dev.ewallet.ledger.domain.port.out.StatementInbox;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Exposes each use case as a bean of its in-port, wrapped in a timer, so adapters depend on ports
 * only and every use case is measured the same way.
 */
@Configuration(proxyBeanMethods = false)
class UseCaseWiring {

  @Bean
  UseCaseTimers useCaseTimers(MeterRegistry registry) {
    return new UseCaseTimers(registry);
  }

  @Bean
  CreateAccountUseCase createAccountUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(CreateAccountUseCase.class, services.accounts());
  }

  @Bean
  GetAccountQuery getAccountQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(GetAccountQuery.class, services.accounts());
  }

  @Bean
  ListAccountsQuery listAccountsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ListAccountsQuery.class, services.accounts());
  }

  @Bean
  AccountEntriesQuery accountEntriesQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(AccountEntriesQuery.class, services.accounts());
  }

  @Bean
  DepositFundsUseCase depositFundsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(DepositFundsUseCase.class, services.deposits());
  }

  @Bean
  TransferFundsUseCase transferFundsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(TransferFundsUseCase.class, services.transfers());
  }

  @Bean
  SetOutgoingLimitsUseCase setOutgoingLimitsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SetOutgoingLimitsUseCase.class, services.controls());
  }

  @Bean
  OutgoingLimitsQuery outgoingLimitsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(OutgoingLimitsQuery.class, services.controls());
  }

  @Bean
  PostLegsUseCase postLegsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(PostLegsUseCase.class, services.postings());
  }

  @Bean
  SubmitTransferBatchUseCase submitTransferBatchUseCase(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SubmitTransferBatchUseCase.class, services.transfers());
  }

  @Bean
  ReverseTransactionUseCase reverseTransactionUseCase(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ReverseTransactionUseCase.class, services.reversals());
  }

  @Bean
  ChangeAccountStatusUseCase changeAccountStatusUseCase(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ChangeAccountStatusUseCase.class, services.controls());
  }

  @Bean
  CloseAccountUseCase closeAccountUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(CloseAccountUseCase.class, services.lifecycle());
  }

  @Bean
  ReopenAccountUseCase reopenAccountUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ReopenAccountUseCase.class, services.lifecycle());
  }

  @Bean
  SuspenseItemsQuery suspenseItemsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SuspenseItemsQuery.class, services.lifecycle());
  }

  @Bean
  MarkDormantWalletsUseCase markDormantWalletsUseCase(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(MarkDormantWalletsUseCase.class, services.lifecycle());
  }

  @Bean
  ReactivateAccountUseCase reactivateAccountUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ReactivateAccountUseCase.class, services.lifecycle());
  }

  @Bean
  DormantWalletsQuery dormantWalletsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(DormantWalletsQuery.class, services.lifecycle());
  }

  @Bean
  EraseUserDataUseCase eraseUserDataUseCase(
      PersonalDataStore store, Clock clock, UseCaseTimers timers) {
    return timers.timed(EraseUserDataUseCase.class, new PersonalDataErasureService(store, clock));
  }

  @Bean
  IdempotencyKeyStatusQuery idempotencyKeyStatusQuery(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(IdempotencyKeyStatusQuery.class, services.idempotencyKeys());
  }

  @Bean
  RecordRefusalUseCase recordRefusalUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(RecordRefusalUseCase.class, services.idempotencyKeys());
  }

  @Bean
  RefundTransactionUseCase refundTransactionUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(RefundTransactionUseCase.class, services.reversals());
  }

  @Bean
  GetTransactionQuery getTransactionQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(GetTransactionQuery.class, services.transactions());
  }

  @Bean
  BalanceAtQuery balanceAtQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(BalanceAtQuery.class, services.accounts());
  }

  @Bean
  StatementQuery statementQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(StatementQuery.class, services.accounts());
  }

  @Bean
  StatementTotalsQuery statementTotalsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(StatementTotalsQuery.class, services.accounts());
  }

  @Bean
  StatementEntriesQuery statementEntriesQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(StatementEntriesQuery.class, services.accounts());
  }

  @Bean
  FindTransactionsByReferenceQuery findTransactionsByReferenceQuery(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(FindTransactionsByReferenceQuery.class, services.transactions());
  }

  @Bean
  TransactionByKeyQuery transactionByKeyQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(TransactionByKeyQuery.class, services.transactions());
  }

  @Bean
  ChainVerificationQuery chainVerificationQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ChainVerificationQuery.class, services.reconciliation());
  }

  @Bean
  ReconciliationQuery reconciliationQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ReconciliationQuery.class, services.reconciliation());
  }

  @Bean
  RelayOutboxUseCase relayOutboxUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(RelayOutboxUseCase.class, services.outboxRelay());
  }

  @Bean
  PruneOutboxUseCase pruneOutboxUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(PruneOutboxUseCase.class, services.outboxRelay());
  }

  @Bean
  AdmitRequestUseCase admitRequestUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(AdmitRequestUseCase.class, services.admission());
  }

  @Bean
  OutboxBacklogQuery outboxBacklogQuery(LedgerServices services) {
    // Not timed: it is polled every second. A method reference keeps the bean to this one port.
    return services.outboxRelay()::backlog;
  }

  @Bean
  ResendPayoutsUseCase resendPayoutsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ResendPayoutsUseCase.class, services.withdrawals());
  }

  @Bean
  OldestPendingWithdrawalQuery oldestPendingWithdrawalQuery(LedgerServices services) {
    // Not timed: monitoring reads it.
    return services.withdrawals()::oldestPendingSince;
  }

  @Bean
  RecordAuditEventUseCase recordAuditEventUseCase(LedgerServices services) {
    // Not timed: it runs for every state-changing request and only queues. A method reference
    // keeps the bean to this one port.
    return services.audit()::record;
  }

  @Bean
  FlushAuditEventsUseCase flushAuditEventsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(FlushAuditEventsUseCase.class, services.audit());
  }

  @Bean
  AuditEventsQuery auditEventsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(AuditEventsQuery.class, services.audit());
  }

  @Bean
  AuditBacklogQuery auditBacklogQuery(LedgerServices services) {
    // Not timed: metrics poll it.
    return services.audit()::auditBacklog;
  }

  @Bean
  PostingWritersQuery postingWritersQuery(LedgerServices services) {
    // Not timed: health checks poll it.
    return services.postingWriters();
  }

  @Bean
  RequestWithdrawalUseCase requestWithdrawalUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(RequestWithdrawalUseCase.class, services.withdrawals());
  }

  @Bean
  AnnounceDepositUseCase announceDepositUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(AnnounceDepositUseCase.class, services.pendingDeposits());
  }

  @Bean
  SettleDepositUseCase settleDepositUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SettleDepositUseCase.class, services.pendingDeposits());
  }

  @Bean
  FailDepositUseCase failDepositUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(FailDepositUseCase.class, services.pendingDeposits());
  }

  @Bean
  GetPendingDepositQuery getPendingDepositQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(GetPendingDepositQuery.class, services.pendingDeposits());
  }

  @Bean
  SettleWithdrawalUseCase settleWithdrawalUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SettleWithdrawalUseCase.class, services.withdrawals());
  }

  @Bean
  BankSettlements bankSettlements(
      SettleWithdrawalUseCase settle,
      SettleDepositUseCase settleDeposits,
      DepositFundsUseCase depositFunds) {
    return new BankSettlements(settle, settleDeposits, depositFunds);
  }

  @Bean
  ImportBankStatementsUseCase importBankStatementsUseCase(
      BankStatementReader reader,
      BankStatementStore store,
      UnitOfWork unitOfWork,
      WithdrawalRepository withdrawals,
      PendingDepositRepository deposits,
      AccountRepository accounts,
      BankSettlements settlements,
      BankProperties bank,
      SafeguardingQuery safeguarding,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        ImportBankStatementsUseCase.class,
        new BankStatementService(
            reader,
            store,
            unitOfWork,
            withdrawals,
            deposits,
            accounts,
            settlements,
            bank.safeguardingAccounts(),
            safeguarding,
            bank.matchWindowDays(),
            clock));
  }

  @Bean
  RunPayoutFilesUseCase runPayoutFilesUseCase(
      PayoutFileStore files,
      PaymentFileWriter writer,
      PaymentFileDrop drop,
      UnitOfWork unitOfWork,
      BankProperties bank,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        RunPayoutFilesUseCase.class, payoutFiles(files, writer, drop, unitOfWork, bank, clock));
  }

  @Bean
  ResendPayoutFileUseCase resendPayoutFileUseCase(
      PayoutFileStore files,
      PaymentFileWriter writer,
      PaymentFileDrop drop,
      UnitOfWork unitOfWork,
      BankProperties bank,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        ResendPayoutFileUseCase.class, payoutFiles(files, writer, drop, unitOfWork, bank, clock));
  }

  @Bean
  GetPayoutFileQuery getPayoutFileQuery(
      PayoutFileStore files,
      PaymentFileWriter writer,
      PaymentFileDrop drop,
      UnitOfWork unitOfWork,
      BankProperties bank,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        GetPayoutFileQuery.class, payoutFiles(files, writer, drop, unitOfWork, bank, clock));
  }

  /** Stateless: each of its ports gets an instance of its own. */
  private static PayoutFileService payoutFiles(
      PayoutFileStore files,
      PaymentFileWriter writer,
      PaymentFileDrop drop,
      UnitOfWork unitOfWork,
      BankProperties bank,
      Clock clock) {
    return new PayoutFileService(
        files,
        writer,
        drop,
        unitOfWork,
        bank.safeguardingAccounts(),
        bank.payoutFileMaxPayouts(),
        clock);
  }

  @Bean
  ImportStatementInboxUseCase importStatementInboxUseCase(
      StatementInbox inbox, ImportBankStatementsUseCase imports, UseCaseTimers timers) {
    return timers.timed(
        ImportStatementInboxUseCase.class, new StatementInboxService(inbox, imports));
  }

  @Bean
  BankExceptionsQuery bankExceptionsQuery(
      BankStatementStore store,
      WithdrawalRepository withdrawals,
      BankProperties bank,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        BankExceptionsQuery.class,
        new BankExceptionsService(
            store, withdrawals, bank.unmatchedLineAge(), bank.settlementTime(), clock));
  }

  @Bean
  ResolveStatementLineUseCase resolveStatementLineUseCase(
      BankStatementStore store,
      WithdrawalRepository withdrawals,
      PendingDepositRepository deposits,
      AccountRepository accounts,
      BankSettlements settlements,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        ResolveStatementLineUseCase.class,
        new StatementLineResolutionService(
            store, withdrawals, deposits, accounts, settlements, clock));
  }

  @Bean
  PayoutFilesQuery payoutFilesQuery(PayoutFileStore files, UseCaseTimers timers) {
    return timers.timed(PayoutFilesQuery.class, new PayoutFilesService(files));
  }

  @Bean
  BankStatementLinesQuery bankStatementLinesQuery(BankStatementStore store, UseCaseTimers timers) {
    return timers.timed(BankStatementLinesQuery.class, new BankStatementLinesService(store));
  }

  @Bean
  SafeguardingQuery safeguardingQuery(
      SafeguardingFigures figures,
      SafeguardingWatch watch,
      SafeguardingShortfalls shortfalls,
      BankProperties bank,
      Clock clock,
      UseCaseTimers timers) {
    return timers.timed(
        SafeguardingQuery.class,
        new SafeguardingService(figures, watch, shortfalls, bank.safeguardingAccounts(), clock));
  }

  @Bean
  PendingWithdrawalsQuery pendingWithdrawalsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(PendingWithdrawalsQuery.class, services.withdrawals());
  }

  @Bean
  GetWithdrawalQuery getWithdrawalQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(GetWithdrawalQuery.class, services.withdrawals());
  }

  @Bean
  PlaceHoldUseCase placeHoldUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(PlaceHoldUseCase.class, services.holds());
  }

  @Bean
  SettleHoldUseCase settleHoldUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SettleHoldUseCase.class, services.holds());
  }

  @Bean
  GetHoldQuery getHoldQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(GetHoldQuery.class, services.holds());
  }

  @Bean
  ExpiringHoldsQuery expiringHoldsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ExpiringHoldsQuery.class, services.holds());
  }

  @Bean
  ExpireHoldsUseCase expireHoldsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ExpireHoldsUseCase.class, services.holds());
  }

  @Bean
  ResizeMerchantUseCase resizeMerchantUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ResizeMerchantUseCase.class, services.merchants());
  }

  @Bean
  SweepMerchantUseCase sweepMerchantUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SweepMerchantUseCase.class, services.merchants());
  }
}
