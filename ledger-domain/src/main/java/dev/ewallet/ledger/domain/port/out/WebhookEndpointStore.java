package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where webhook endpoints and their secrets live. The outbox writes every event's deliveries for
 * the endpoints stored here in the statement that writes the event, so an endpoint stored (or
 * deleted) takes effect for the next posting that commits. No argument may be {@code null} unless
 * said.
 */
public interface WebhookEndpointStore {

  /**
   * Stores a new endpoint unless {@code max} endpoints exist (not deleted).
   *
   * @param accountId {@code null} for every account
   * @return the endpoint, or empty when {@code max} exist
   */
  Optional<WebhookEndpoint> insert(
      URI url,
      Set<WebhookEventType> eventTypes,
      AccountId accountId,
      String secret,
      long createdBy,
      Instant createdAt,
      int max);

  /** The endpoint, unless there is none or it was deleted. */
  Optional<WebhookEndpoint> find(long id);

  /** Every endpoint not deleted, in id order. */
  List<WebhookEndpoint> all();

  /**
   * Changes what is not {@code null}; resuming ({@code paused} false) also clears the endpoint's
   * back-off, so that what waited is sent at once.
   *
   * @return the endpoint as changed, or empty when there is none or it was deleted
   */
  Optional<WebhookEndpoint> update(
      long id, URI url, Set<WebhookEventType> eventTypes, Boolean paused);

  /**
   * Marks the endpoint deleted at {@code at}: no delivery is written or sent for it any more, and
   * its pending deliveries finish as failed at {@code at}.
   *
   * @return whether it existed and was not deleted
   */
  boolean delete(long id, Instant at);

  /**
   * Makes {@code secret} the endpoint's secret; the current one signs too until {@code
   * previousUntil}.
   *
   * @return the endpoint as changed, or empty when there is none or it was deleted
   */
  Optional<WebhookEndpoint> rotate(long id, String secret, Instant previousUntil);

  /** The secrets that sign the endpoint's deliveries at {@code at}, newest first. */
  List<String> signingSecrets(long id, Instant at);
}
