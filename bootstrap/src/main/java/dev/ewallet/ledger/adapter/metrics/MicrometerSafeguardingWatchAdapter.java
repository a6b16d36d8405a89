package dev.ewallet.ledger.adapter.metrics;

import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.SafeguardingWatch;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.stereotype.Component;

/**
 * The latest safeguarding check of each configured currency (docs/bank-reconciliation.md): the
 * gauge {@code ledger.safeguarding.difference} (minor units, per currency, registered with the
 * currency's first check; NaN while no statement has been imported) and the {@code safeguarding}
 * health component, WARNING while any currency's latest check is a shortfall. WARNING keeps the
 * service in rotation: the ledger works; the business must put money into its safeguarding account.
 */
@Component("safeguarding")
class MicrometerSafeguardingWatchAdapter implements SafeguardingWatch, HealthIndicator {

  static final Status WARNING =
      new Status("WARNING", "the bank holds less than customers are owed");

  private static final Logger LOG =
      LoggerFactory.getLogger(MicrometerSafeguardingWatchAdapter.class);

  private final Map<CurrencyCode, SafeguardingCheck> latest = new ConcurrentHashMap<>();

  private final MeterRegistry registry;

  MicrometerSafeguardingWatchAdapter(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void checked(SafeguardingCheck check) {
    CurrencyCode currency = check.currency();
    if (latest.put(currency, check) == null) {
      Gauge.builder("ledger.safeguarding.difference", this, m -> m.difference(currency))
          .description(
              "The bank's closing balance less what it should hold, in minor units, at the latest"
                  + " safeguarding check; negative is a shortfall")
          .tag("currency", currency.value())
          .register(registry);
    }
    if (check.shortfall()) {
      LOG.warn(
          "safeguarding shortfall in {}: statement {} closes at {}, the ledger expects {}",
          check.currency().value(),
          check.statement().statementId(),
          check.bankClosing(),
          check.expectedAtBank());
    }
  }

  private double difference(CurrencyCode currency) {
    SafeguardingCheck check = latest.get(currency);
    Money difference = check == null ? null : check.difference();
    return difference == null ? Double.NaN : difference.amountMinor();
  }

  @Override
  public Health health() {
    Health.Builder health =
        latest.values().stream().anyMatch(SafeguardingCheck::shortfall)
            ? Health.status(WARNING)
            : Health.up();
    latest.forEach((currency, check) ->
        health.withDetail(
            currency.value(),
            check.difference() == null ? "no statement yet" : check.difference().amountMinor()));
    return health.build();
  }
}
