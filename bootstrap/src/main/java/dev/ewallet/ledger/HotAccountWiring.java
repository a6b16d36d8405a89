package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.domain.port.in.HotAccountsQuery;
import dev.ewallet.ledger.domain.port.in.SetSplittingPolicyUseCase;
import dev.ewallet.ledger.domain.port.in.ShardedRowsQuery;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsUseCase;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Hot accounts' in-ports as beans, timed like the others ({@link UseCaseWiring}). */
@Configuration(proxyBeanMethods = false)
class HotAccountWiring {

  @Bean
  SplitHotAccountsUseCase splitHotAccountsUseCase(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SplitHotAccountsUseCase.class, services.hotAccounts());
  }

  @Bean
  SetSplittingPolicyUseCase setSplittingPolicyUseCase(
      LedgerServices services, UseCaseTimers timers) {
    return timers.timed(SetSplittingPolicyUseCase.class, services.hotAccounts());
  }

  @Bean
  ShardedRowsQuery shardedRowsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(ShardedRowsQuery.class, services.hotAccounts());
  }

  @Bean
  HotAccountsQuery hotAccountsQuery(LedgerServices services, UseCaseTimers timers) {
    return timers.timed(HotAccountsQuery.class, services.hotAccounts());
  }
}
