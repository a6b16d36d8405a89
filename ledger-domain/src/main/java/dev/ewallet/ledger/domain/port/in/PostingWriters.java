package dev.ewallet.ledger.domain.port.in;

/**
 * The posting engine's writers: how many always run, how many may run, and how many do. All are 0
 * when transactions are posted one by one on the requests' own threads.
 *
 * @param least writers that always run (the engine starts more under load and stops them when idle)
 * @param most writers that may run at once
 * @param alive writers running now
 * @param deaths writers that died since the start (each was replaced)
 * @param waiting callers whose requests wait in the queue for a writer (a group of transfers sent
 *     together counts once); requests a writer has taken are no longer waiting
 */
public record PostingWriters(int least, int most, int alive, long deaths, int waiting) {

  /** No writers at all: transactions are posted one by one on the requests' own threads. */
  public static final PostingWriters NONE = new PostingWriters(0, 0, 0, 0, 0);

  /** Whether the writers that must always run do. */
  public boolean healthy() {
    return alive >= least;
  }
}
