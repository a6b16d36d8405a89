package dev.ewallet.ledger.domain.port.in;

/** One round of the deliverer: send what is due to every endpoint this instance can lease. */
public record DeliverWebhooksCommand() {}
