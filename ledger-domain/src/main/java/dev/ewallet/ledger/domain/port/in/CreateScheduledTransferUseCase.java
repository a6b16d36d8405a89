package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;

/**
 * Schedules a transfer from the caller's own wallet to another wallet of its currency. The same key
 * and body answer the schedule made the first time; the same key with another body is refused.
 */
public interface CreateScheduledTransferUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller owns the paying
   *     wallet
   * @throws dev.ewallet.ledger.domain.error.CurrencyMismatchException when the wallets' currencies
   *     differ
   * @throws dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException when the key scheduled
   *     something else
   */
  ScheduledTransfer schedule(CreateScheduledTransferCommand command);
}
