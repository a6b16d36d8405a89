package dev.ewallet.ledger.domain.port.in;

/**
 * The posting engine's writers: how many should run and how many do. Both are 0 when transactions
 * are posted one by one on the requests' own threads.
 *
 * @param deaths writers that died since the start (each was replaced)
 */
public record PostingWriters(int configured, int alive, long deaths) {

  /** Whether every configured writer is running. */
  public boolean healthy() {
    return alive >= configured;
  }
}
