package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.DetailsErasure;

/**
 * Erasing a user's personal data without breaking the books (docs/lifecycle.md#erasure): every
 * description, metadata value and operator's reason of the user's transactions, pending deposits
 * and scheduled transfers becomes {@code [erased]}; amounts, ids, types, times and references stay,
 * and so does each transaction's details digest, so every hash chain and checkpoint still verifies.
 * Events already published carried no details and are not published again.
 */
public interface EraseUserDataUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller is an operator
   */
  DetailsErasure erase(EraseUserDataCommand command);
}
