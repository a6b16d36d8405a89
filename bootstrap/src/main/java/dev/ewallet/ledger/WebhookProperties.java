package dev.ewallet.ledger;

import dev.ewallet.ledger.application.webhooks.WebhookDeliverer;
import dev.ewallet.ledger.domain.webhook.RetryPolicy;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The webhook deliverer's settings ({@code ledger.webhooks.*}, docs/webhooks.md).
 *
 * @param deliveryEnabled whether this instance sends deliveries; any number may, one at a time per
 *     endpoint
 * @param pollInterval how often due deliveries are looked for
 * @param timeout the longest a receiver may take to answer, connection included
 * @param concurrency the most deliveries in flight to one endpoint
 * @param lease how long an endpoint stays one instance's without a new round: longer than {@code
 *     timeout}; after a crash, another instance takes the endpoint over once it runs out
 * @param retryFirst the wait after a first failed attempt, doubling per attempt
 * @param retryLongest the longest wait between attempts
 * @param retryWindow how long a delivery is retried before it is marked failed
 * @param retention how long finished deliveries (delivered or failed) and their attempts are kept
 */
@ConfigurationProperties("ledger.webhooks")
record WebhookProperties(
    @DefaultValue("true") boolean deliveryEnabled,
    @DefaultValue("PT0.25S") Duration pollInterval,
    @DefaultValue("PT10S") Duration timeout,
    @DefaultValue("8") int concurrency,
    @DefaultValue("PT60S") Duration lease,
    @DefaultValue("PT10S") Duration retryFirst,
    @DefaultValue("PT1H") Duration retryLongest,
    @DefaultValue("P3D") Duration retryWindow,
    @DefaultValue("P30D") Duration retention) {

  WebhookProperties {
    if (lease.compareTo(timeout) <= 0) {
      throw new IllegalArgumentException(
          "ledger.webhooks.lease ("
              + lease
              + ") must be longer than the timeout ("
              + timeout
              + ")");
    }
  }

  WebhookDeliverer.Settings settings() {
    return new WebhookDeliverer.Settings(
        new RetryPolicy(retryFirst, retryLongest, retryWindow),
        concurrency,
        lease,
        Math.max(200, concurrency));
  }
}
