package dev.ewallet.ledger.domain.port.in;

/**
 * The posting engine's writers: how many always run, how many may run, and how many do. All are 0
 * when transactions are posted one by one on the requests' own threads.
 *
 * @param least writers that always run (the engine starts more under load and stops them when idle)
 * @param most writers that may run at once
 * @param alive writers running now
 * @param deaths writers that died since the start (each was replaced)
 */
public record PostingWriters(int least, int most, int alive, long deaths) {

  /** Whether the writers that must always run do. */
  public boolean healthy() {
    return alive >= least;
  }
}
