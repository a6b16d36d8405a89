package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.in.PostingWritersQuery;

/**
 * How posting requests reach the {@link BatchPoster}: inline, a batch of one on the caller's
 * thread, or queued for group commit. Which one runs is the {@link PostingMode} chosen at startup.
 */
interface PostingStrategy extends PostingWritersQuery, AutoCloseable {

  /** Posts the request and waits for its outcome. */
  PostingOutcome post(PostingRequest request);

  /** Starts whatever threads the strategy needs; none for inline posting. */
  void start();

  @Override
  void close();
}
