package dev.ewallet.ledger.domain.port.in;

/** Growing a hot merchant's shard count without downtime: operators only. */
public interface ResizeMerchantUseCase {

  /**
   * Adds shards up to the requested count; credits start landing on them within seconds. Shards are
   * never removed (their history stays), so a smaller count than the current one is refused.
   *
   * @param command never {@code null}
   * @return the merchant as it now is, never {@code null}
   */
  AccountView resize(ResizeMerchantCommand command);
}
