package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;

/**
 * What became of the caller's own request under an idempotency key, without sending it again:
 * posted (with its transaction), refused (with the problem it was answered), or a deposit it
 * announced still in progress (or failed by the bank: refused). Keys are each caller's own: another
 * caller's key is unknown, whether or not it exists.
 */
public interface IdempotencyKeyStatusQuery {

  /**
   * @throws dev.ewallet.ledger.domain.error.IdempotencyKeyNotFoundException when the caller sent
   *     nothing the ledger knows of under it
   */
  IdempotencyKeyStatus status(Caller caller, IdempotencyKey key);
}
