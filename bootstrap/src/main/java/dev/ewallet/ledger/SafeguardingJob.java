package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.SafeguardingQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every {@code ledger.bank.safeguarding-check-interval} (15 minutes by default), the safeguarding
 * check of each configured currency again, so that every instance's {@code safeguarding} health and
 * gauge follow the latest statement, whichever instance imported it, and the ledger's side as it
 * moves (docs/bank-reconciliation.md).
 */
@Component
class SafeguardingJob {

  private static final Logger LOG = LoggerFactory.getLogger(SafeguardingJob.class);

  private final SafeguardingQuery safeguarding;
  private final BankProperties bank;

  SafeguardingJob(SafeguardingQuery safeguarding, BankProperties bank) {
    this.safeguarding = safeguarding;
    this.bank = bank;
  }

  @Scheduled(
      fixedDelayString = "${ledger.bank.safeguarding-check-interval:PT15M}",
      initialDelayString = "${ledger.bank.safeguarding-check-interval:PT15M}")
  void checkEveryCurrency() {
    for (SafeguardingAccount account : bank.safeguardingAccounts()) {
      try {
        safeguarding.check(Caller.system(), account.currency());
      } catch (RuntimeException failed) {
        LOG.warn(
            "the safeguarding check of {} failed; it runs again after"
                + " ledger.bank.safeguarding-check-interval",
            account.currency().value(),
            failed);
      }
    }
  }
}
