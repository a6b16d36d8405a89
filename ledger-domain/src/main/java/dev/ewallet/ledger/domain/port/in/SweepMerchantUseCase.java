package dev.ewallet.ledger.domain.port.in;

/** The sweep: operators trigger it, and a job runs it for every sharded merchant. */
public interface SweepMerchantUseCase {

  /**
   * Moves each shard's balance to the merchant's main account, one double-entry transaction per
   * shard (locking the main account and that shard only, in id order), so credits keep landing on
   * the other shards meanwhile. Each shard's transaction has its own key derived from the
   * command's.
   *
   * @param command never {@code null}
   * @return never {@code null}
   */
  SweepResult sweep(SweepMerchantCommand command);
}
