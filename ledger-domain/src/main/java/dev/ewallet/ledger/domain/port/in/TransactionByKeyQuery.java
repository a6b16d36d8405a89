package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import java.util.Optional;

/**
 * The transaction an idempotency key posted: what a client that lost an answer, or support helping
 * one, asks without sending the request again.
 */
public interface TransactionByKeyQuery {

  /**
   * @param caller never {@code null}
   * @param principalId whose key it is (keys are unique per caller): the caller's own, or, for an
   *     operator, any user's
   * @param key never {@code null}
   * @return the transaction the key posted, as the caller may see it
   * @throws dev.ewallet.ledger.domain.error.TransactionNotFoundException when the key posted
   *     nothing (unknown, refused, or still in flight)
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when a user asks for another
   *     principal's key
   */
  Optional<TransactionView> byKey(Caller caller, long principalId, IdempotencyKey key);
}
