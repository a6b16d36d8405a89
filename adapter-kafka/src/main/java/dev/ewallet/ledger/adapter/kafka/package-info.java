/**
 * The Kafka side of the transactional outbox. Posting already writes one {@code outbox_event} row
 * per transaction in its own database transaction; the relay that publishes those rows to Kafka at
 * least once arrives with the outbox issue. Until then rows wait, and nothing is lost.
 */
package dev.ewallet.ledger.adapter.kafka;
