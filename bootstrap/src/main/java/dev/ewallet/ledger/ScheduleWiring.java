package dev.ewallet.ledger;

import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.schedules.ScheduledTransferService;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleUseCase;
import dev.ewallet.ledger.domain.port.in.CreateScheduledTransferUseCase;
import dev.ewallet.ledger.domain.port.in.RunDueSchedulesUseCase;
import dev.ewallet.ledger.domain.port.in.ScheduleExecutionsQuery;
import dev.ewallet.ledger.domain.port.in.ScheduledTransferQuery;
import dev.ewallet.ledger.domain.port.in.ScheduledTransfersQuery;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Scheduled transfers' in-ports as beans, timed like the others ({@link UseCaseWiring}). The
 * service is stateless and posts each run through the ledger's transfers.
 */
@Configuration(proxyBeanMethods = false)
class ScheduleWiring {

  private final ScheduledTransferService service;

  ScheduleWiring(
      AccountRepository accounts, ScheduleStore store, LedgerServices services, Clock clock) {
    this.service = new ScheduledTransferService(accounts, store, services.transfers(), clock);
  }

  @Bean
  CreateScheduledTransferUseCase createScheduledTransferUseCase(UseCaseTimers timers) {
    return timers.timed(CreateScheduledTransferUseCase.class, service);
  }

  @Bean
  ChangeScheduleUseCase changeScheduleUseCase(UseCaseTimers timers) {
    return timers.timed(ChangeScheduleUseCase.class, service);
  }

  @Bean
  ScheduledTransfersQuery scheduledTransfersQuery(UseCaseTimers timers) {
    return timers.timed(ScheduledTransfersQuery.class, service);
  }

  @Bean
  ScheduledTransferQuery scheduledTransferQuery(UseCaseTimers timers) {
    return timers.timed(ScheduledTransferQuery.class, service);
  }

  @Bean
  ScheduleExecutionsQuery scheduleExecutionsQuery(UseCaseTimers timers) {
    return timers.timed(ScheduleExecutionsQuery.class, service);
  }

  @Bean
  RunDueSchedulesUseCase runDueSchedulesUseCase(UseCaseTimers timers) {
    return timers.timed(RunDueSchedulesUseCase.class, service);
  }
}
