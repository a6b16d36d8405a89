package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * A bank adapter for a second instance whose process stops right before the bank call: from the
 * ledger's side the payout request was never sent. Passed explicitly to the instance that uses it
 * (a top-level test configuration is never picked up by the shared test context).
 */
@TestConfiguration(proxyBeanMethods = false)
class ProcessStopsBeforeTheBankCall {

  @Bean
  BankPayoutGateway bankThatIsNeverReached() {
    return withdrawal -> {
      throw new IllegalStateException("the process stopped before the bank was called");
    };
  }
}
