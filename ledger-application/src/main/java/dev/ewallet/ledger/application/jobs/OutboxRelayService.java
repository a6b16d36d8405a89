package dev.ewallet.ledger.application.jobs;

import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.domain.outbox.OutboxBacklog;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.in.OutboxBacklogQuery;
import dev.ewallet.ledger.domain.port.in.PruneOutboxCommand;
import dev.ewallet.ledger.domain.port.in.PruneOutboxUseCase;
import dev.ewallet.ledger.domain.port.in.RelayOutboxCommand;
import dev.ewallet.ledger.domain.port.in.RelayOutboxUseCase;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import dev.ewallet.ledger.domain.port.out.OutboxStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The relay half of the transactional outbox. A batch is locked, sent and marked in one database
 * transaction: a crash after sending and before the commit leaves the rows unmarked, so they are
 * sent again (duplicates, which consumers drop by event id) and never lost. Rows are taken by id,
 * not by a remembered position, so a row whose transaction committed late is simply in a later
 * batch, never skipped.
 */
public final class OutboxRelayService
    implements RelayOutboxUseCase, PruneOutboxUseCase, OutboxBacklogQuery {

  /** Deleting in slices keeps each delete's locks and WAL small. */
  static final int PRUNE_SLICE = 5_000;

  private final OutboxStore store;
  private final LedgerEventPublisher publisher;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  public OutboxRelayService(
      OutboxStore store, LedgerEventPublisher publisher, UnitOfWork unitOfWork, Clock clock) {
    this.store = store;
    this.publisher = publisher;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  @Override
  public int relay(RelayOutboxCommand command) {
    return Attempts.inTransaction(
        unitOfWork,
        () -> {
          List<OutboxMessage> batch = store.lockNextBatch(command.batchSize());
          if (batch.isEmpty()) {
            return 0;
          }
          publisher.publish(batch);
          store.markPublished(batch.stream().map(OutboxMessage::id).toList(), clock.instant());
          return batch.size();
        });
  }

  @Override
  public int prune(PruneOutboxCommand command) {
    Instant cutoff = clock.instant().minus(command.retention());
    int total = 0;
    int deleted;
    do {
      deleted = store.prunePublishedBefore(cutoff, PRUNE_SLICE);
      total += deleted;
    } while (deleted == PRUNE_SLICE);
    return total;
  }

  @Override
  public OutboxBacklog backlog() {
    return store.backlog();
  }
}
