package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import java.time.Instant;
import java.util.List;

/** The relay's view of the outbox table. No argument may be {@code null}. */
public interface OutboxStore {

  /**
   * Locks the oldest unpublished rows, at most {@code limit}, in ascending id, for the current unit
   * of work. Only one relay at a time may hold a batch, so that no two relays interleave one
   * account's events; when another relay holds it, the answer is empty.
   *
   * <p>Must run inside {@link UnitOfWork#inTransaction}.
   */
  List<OutboxMessage> lockNextBatch(int limit);

  /** Marks the rows published at {@code at}, in the unit of work that locked them. */
  void markPublished(List<Long> ids, Instant at);

  /**
   * How many rows wait and when the oldest was written. Large backlogs may be estimated (erring
   * high), since this is polled often and must stay cheap.
   */
  OutboxBacklog backlog();

  /**
   * Deletes at most {@code limit} rows published before {@code cutoff}, except those a webhook
   * delivery still names (it is sent from its event's row; finished deliveries are pruned on their
   * own retention).
   *
   * @return how many rows were deleted
   */
  int prunePublishedBefore(Instant cutoff, int limit);
}
