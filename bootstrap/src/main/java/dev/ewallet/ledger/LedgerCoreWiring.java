package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.application.LedgerServices;
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
import dev.ewallet.ledger.runtime.TimeoutBudget;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The ledger's core as Spring beans: the clock, the timeout budget, the ports the adapters provide
 * (and the bank gateway the configuration chooses), and the services built on them, started and
 * closed with the context. {@link UseCaseWiring} exposes each of their use cases.
 */
@Configuration(proxyBeanMethods = false)
class LedgerCoreWiring {

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  TimeoutBudget timeoutBudget(RequestTimeoutProperties requestTimeout) {
    return requestTimeout.budget();
  }

  @Bean
  LedgerPorts ledgerPorts(
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
      ObjectProvider<BankPayoutGateway> banks,
      BankProperties bankProperties,
      PostingBatchMetrics batchMetrics,
      AuditTrail auditTrail,
      UnitOfWork unitOfWork,
      PostingTracing tracing) {
    return LedgerPorts.builder()
        .accounts(accounts)
        .journal(journal)
        .outbox(outbox)
        .outboxStore(outboxStore)
        .audit(audit)
        .publisher(publisher)
        .rateLimiter(rateLimiter)
        .withdrawals(withdrawals)
        .holds(holds)
        .pendingDeposits(pendingDeposits)
        .monitors(monitors)
        .hotAccounts(hotAccounts)
        .reads(reads)
        .bank(bank(banks, bankProperties))
        .batchMetrics(batchMetrics)
        .auditTrail(auditTrail)
        .unitOfWork(unitOfWork)
        .tracing(tracing)
        .build();
  }

  /**
   * The bank adapter that {@code ledger.bank.gateway} names. The service refuses to start without
   * one, so that a production deployment can never pay out through the simulator by default.
   */
  private static BankPayoutGateway bank(
      ObjectProvider<BankPayoutGateway> banks, BankProperties properties) {
    if (properties.gateway() == null || properties.gateway().isBlank()) {
      throw new IllegalStateException(
          "ledger.bank.gateway (LEDGER_BANK_GATEWAY) is not set: name the bank adapter that pays"
              + " withdrawals out. 'simulator' pays nothing and is for local runs and tests only.");
    }
    BankPayoutGateway bank = banks.getIfUnique();
    if (bank == null) {
      throw new IllegalStateException(
          "ledger.bank.gateway is '"
              + properties.gateway()
              + "', but no bank adapter of that name is on the classpath");
    }
    return bank;
  }

  /** Started and closed with the context: group commit runs writer threads. */
  @Bean(initMethod = "start", destroyMethod = "close")
  LedgerServices ledgerServices(
      LedgerPorts ports,
      RateLimitProperties rateLimits,
      LimitsProperties limits,
      GroupCommitProperties groupCommit,
      HotAccountProperties hotAccounts,
      TimeoutBudget budget,
      Clock clock) {
    return new LedgerServices(
        ports,
        rateLimits.limits(),
        limits.ledgerLimits(),
        groupCommit.mode(budget),
        hotAccounts.rule(),
        clock);
  }
}
