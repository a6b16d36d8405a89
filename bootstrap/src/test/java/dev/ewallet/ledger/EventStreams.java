package dev.ewallet.ledger;

import dev.ewallet.ledger.events.client.LedgerEventRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Accounts' event streams as Kafka delivered them, beside their postings as the journal has them.
 */
final class EventStreams {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private EventStreams() {}

  /** The transaction ids of the records keyed by {@code accountId}, first arrivals, in order. */
  static List<String> streamOf(List<ConsumerRecord<String, String>> records, long accountId) {
    Set<String> ids = new LinkedHashSet<>();
    records.stream()
        .filter(r -> r.key().equals(String.valueOf(accountId)))
        .forEach(r -> ids.add(LedgerEventRecord.from(r).transactionId().toString()));
    return new ArrayList<>(ids);
  }

  /** The transaction ids of the account's entries in posting order, as the journal has them. */
  static List<String> postedOrderOf(JdbcClient jdbc, long accountId) {
    return jdbc.sql(
            "SELECT transaction_id::text FROM ledger_entry WHERE account_id = ? ORDER BY id")
        .param(accountId)
        .query(String.class)
        .list();
  }

  /** Reads the topic until every one of the accounts' postings has arrived (or a minute passed). */
  static List<ConsumerRecord<String, String>> consumeStreamsOf(JdbcClient jdbc, long... accounts) {
    return KafkaTestBroker.consumeUntil(
        KafkaTestBroker.LEDGER_EVENTS,
        records ->
            Arrays.stream(accounts)
                .allMatch(id -> streamOf(records, id).size() == postedOrderOf(jdbc, id).size()),
        WAIT);
  }
}
