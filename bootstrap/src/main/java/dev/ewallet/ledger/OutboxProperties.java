package dev.ewallet.ledger;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The outbox relay's settings ({@code ledger.outbox.*}).
 *
 * @param relayEnabled whether this instance relays; any number may, one at a time takes a batch
 * @param batchSize rows per database transaction and Kafka round trip
 * @param relayInterval the pause between polls once the backlog is drained
 * @param failureBackoff the pause after a failed batch (broker unreachable)
 * @param maxAge the age of the oldest waiting row above which the outbox health turns DOWN
 * @param retention how long published rows are kept before pruning
 */
@ConfigurationProperties("ledger.outbox")
record OutboxProperties(
    @DefaultValue("true") boolean relayEnabled,
    @DefaultValue("500") int batchSize,
    @DefaultValue("PT0.2S") Duration relayInterval,
    @DefaultValue("PT2S") Duration failureBackoff,
    @DefaultValue("PT5M") Duration maxAge,
    @DefaultValue("P7D") Duration retention) {}
