package dev.ewallet.ledger.domain.port.in;

/** Reports the posting engine's writers, for health checks. */
public interface PostingWritersQuery {

  /** The writers as they are now; never {@code null}. */
  PostingWriters writers();
}
