package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.OldestPendingWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.ResendPayoutsCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutsUseCase;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Payouts that must not be forgotten: every {@code ledger.bank.payout-resend-interval} the bank is
 * asked again for pending withdrawals whose request was never sent, and the age of the oldest
 * pending withdrawal is read for the gauge {@code ledger.withdrawals.oldest.pending.age} and the
 * {@code withdrawals} health component, which turns WARNING past {@code
 * ledger.bank.pending-warning-after} (the bank has not answered; an operator should chase it).
 * WARNING keeps the service in rotation: nothing is wrong with the ledger itself.
 */
@Component("withdrawals")
class PayoutJob implements HealthIndicator {

  static final Status WARNING = new Status("WARNING", "a withdrawal has been pending too long");

  private static final Logger LOG = LoggerFactory.getLogger(PayoutJob.class);
  private static final int BATCH = 500;

  private final ResendPayoutsUseCase resend;
  private final OldestPendingWithdrawalQuery oldestPending;
  private final BankProperties properties;
  private final Clock clock;
  private volatile Optional<Instant> oldestPendingSince = Optional.empty();

  PayoutJob(
      ResendPayoutsUseCase resend,
      OldestPendingWithdrawalQuery oldestPending,
      BankProperties properties,
      Clock clock,
      MeterRegistry registry) {
    this.resend = resend;
    this.oldestPending = oldestPending;
    this.properties = properties;
    this.clock = clock;
    Gauge.builder("ledger.withdrawals.oldest.pending.age", this, j -> j.oldestAge().toSeconds())
        .description("Seconds the oldest pending withdrawal has waited for the bank")
        .baseUnit("seconds")
        .register(registry);
  }

  @Scheduled(fixedDelayString = "${ledger.bank.payout-resend-interval:PT30S}")
  int run() {
    int total = 0;
    int sent;
    do {
      sent = resend.resend(new ResendPayoutsCommand(properties.payoutResendAfter(), BATCH));
      total += sent;
    } while (sent == BATCH);
    if (total > 0) {
      LOG.info("payouts: asked the bank again for {} withdrawals", total);
    }
    oldestPendingSince = oldestPending.oldestPendingSince();
    return total;
  }

  Duration oldestAge() {
    return oldestPendingSince
        .map(since -> Duration.between(since, clock.instant()))
        .orElse(Duration.ZERO);
  }

  @Override
  public Health health() {
    Duration age = oldestAge();
    Health.Builder health =
        age.compareTo(properties.pendingWarningAfter()) > 0 ? Health.status(WARNING) : Health.up();
    return health
        .withDetail("oldestPendingAgeSeconds", age.toSeconds())
        .withDetail("warningAfterSeconds", properties.pendingWarningAfter().toSeconds())
        .build();
  }
}
