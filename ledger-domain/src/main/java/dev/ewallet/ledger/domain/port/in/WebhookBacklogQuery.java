package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.webhook.WebhookBacklog;

/** How far webhook delivery is behind: for metrics. */
public interface WebhookBacklogQuery {

  WebhookBacklog backlog();
}
