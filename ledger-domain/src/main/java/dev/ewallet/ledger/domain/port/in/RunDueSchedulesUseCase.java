package dev.ewallet.ledger.domain.port.in;

/**
 * Posts the runs due, in posting batches of up to 100, each under its run's key, and records each
 * try: instances running it at once, or a run retried after a crash, post each run once.
 */
public interface RunDueSchedulesUseCase {

  /**
   * @return how many runs it tried (posted or refused)
   */
  int runDue(RunDueSchedulesCommand command);
}
