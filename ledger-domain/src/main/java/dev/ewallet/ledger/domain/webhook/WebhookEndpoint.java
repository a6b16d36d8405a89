package dev.ewallet.ledger.domain.webhook;

import dev.ewallet.ledger.domain.account.AccountId;
import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * Where the ledger sends the events an operator asked for, as stored, without its secrets.
 *
 * @param accountId when set, only events that touch this account are sent
 * @param paused deliveries wait, in order, until the endpoint is resumed
 * @param healthy false once a delivery failed for good (retried for the whole retry window); the
 *     next delivery that succeeds makes it healthy again
 * @param previousSecretUntil while in the future, the secret before the last rotation signs too
 */
public record WebhookEndpoint(
    long id,
    URI url,
    Set<WebhookEventType> eventTypes,
    AccountId accountId,
    boolean paused,
    boolean healthy,
    Instant previousSecretUntil,
    long createdBy,
    Instant createdAt) {

  /** How many endpoints the ledger accepts: each is a stream of deliveries to keep. */
  public static final int MAX_ENDPOINTS = 100;

  public WebhookEndpoint {
    Objects.requireNonNull(url, "url");
    eventTypes = Set.copyOf(eventTypes);
    Objects.requireNonNull(createdAt, "createdAt");
  }
}
