package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.contracts.Postings;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.InMemoryRateLimiter;
import dev.ewallet.ledger.testkit.RecordingBank;
import dev.ewallet.ledger.testkit.RecordingPublisher;
import java.time.Clock;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * Boots only this adapter (JPA, JDBC, Liquibase) for its integration tests, with the ledger's own
 * posting path over its adapters to put money on the books.
 */
@SpringBootApplication
class PersistenceTestApplication {

  /** Posting inline over every storage adapter; the publisher, limiter and bank are doubles. */
  @Bean
  Postings postings(
      AccountRepository accounts,
      JournalRepository journal,
      LedgerEventOutbox outbox,
      OutboxStore outboxStore,
      LedgerAudit audit,
      WithdrawalRepository withdrawals,
      HoldRepository holds,
      PendingDepositRepository pendingDeposits,
      BalanceMonitorRepository monitors,
      HotAccountStore hotAccounts,
      AccountReads reads,
      AuditTrail auditTrail,
      UnitOfWork unitOfWork) {
    return Postings.over(
        LedgerPorts.builder()
            .accounts(accounts)
            .journal(journal)
            .outbox(outbox)
            .outboxStore(outboxStore)
            .audit(audit)
            .publisher(new RecordingPublisher())
            .rateLimiter(new InMemoryRateLimiter(Clock.systemUTC()))
            .withdrawals(withdrawals)
            .holds(holds)
            .pendingDeposits(pendingDeposits)
            .monitors(monitors)
            .hotAccounts(hotAccounts)
            .reads(reads)
            .bank(new RecordingBank())
            .auditTrail(auditTrail)
            .unitOfWork(unitOfWork)
            .build());
  }
}
