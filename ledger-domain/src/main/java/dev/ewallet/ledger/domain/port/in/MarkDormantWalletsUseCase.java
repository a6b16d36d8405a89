package dev.ewallet.ledger.domain.port.in;

/**
 * Dormancy, set-based: every wallet of the range that qualifies turns dormant in one statement,
 * each change recorded like a freeze and published ({@code account.status.changed}). Running it
 * twice, or on two instances at once, changes each wallet once.
 */
public interface MarkDormantWalletsUseCase {

  /**
   * @return how many wallets turned dormant
   */
  int markDormant(MarkDormantWalletsCommand command);
}
