package dev.ewallet.ledger;

import dev.ewallet.ledger.application.checkpoints.CheckpointService;
import dev.ewallet.ledger.domain.port.in.AccountProofQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointChangesQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointKeysQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointsQuery;
import dev.ewallet.ledger.domain.port.in.LatestCheckpointQuery;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.CheckpointKeys;
import dev.ewallet.ledger.domain.port.out.CheckpointStore;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Signed checkpoints' in-ports as beans, timed like the others ({@link UseCaseWiring}). The service
 * is stateless: each port gets an instance of its own.
 */
@Configuration(proxyBeanMethods = false)
class CheckpointWiring {

  private final CheckpointStore store;
  private final CheckpointKeys keys;
  private final LedgerAudit audit;
  private final AccountRepository accounts;
  private final Clock clock;

  CheckpointWiring(
      CheckpointStore store,
      CheckpointKeys keys,
      LedgerAudit audit,
      AccountRepository accounts,
      Clock clock) {
    this.store = store;
    this.keys = keys;
    this.audit = audit;
    this.accounts = accounts;
    this.clock = clock;
  }

  private CheckpointService service() {
    return new CheckpointService(store, keys, audit, accounts, clock);
  }

  @Bean
  MakeCheckpointUseCase makeCheckpointUseCase(UseCaseTimers timers) {
    return timers.timed(MakeCheckpointUseCase.class, service());
  }

  @Bean
  LatestCheckpointQuery latestCheckpointQuery(UseCaseTimers timers) {
    return timers.timed(LatestCheckpointQuery.class, service());
  }

  @Bean
  CheckpointQuery checkpointQuery(UseCaseTimers timers) {
    return timers.timed(CheckpointQuery.class, service());
  }

  @Bean
  CheckpointChangesQuery checkpointChangesQuery(UseCaseTimers timers) {
    return timers.timed(CheckpointChangesQuery.class, service());
  }

  @Bean
  CheckpointsQuery checkpointsQuery(UseCaseTimers timers) {
    return timers.timed(CheckpointsQuery.class, service());
  }

  @Bean
  CheckpointKeysQuery checkpointKeysQuery(UseCaseTimers timers) {
    return timers.timed(CheckpointKeysQuery.class, service());
  }

  @Bean
  AccountProofQuery accountProofQuery(UseCaseTimers timers) {
    return timers.timed(AccountProofQuery.class, service());
  }
}
