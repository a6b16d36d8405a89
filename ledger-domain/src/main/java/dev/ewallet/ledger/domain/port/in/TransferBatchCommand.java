package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Many transfers sent together: each is posted on its own, with exactly the idempotency of a single
 * transfer under its own key, and all of them in one posting batch.
 *
 * @param transfers 1 to {@link #MAX_TRANSFERS}, each by {@code caller}, their keys distinct
 */
public record TransferBatchCommand(Caller caller, List<TransferFundsCommand> transfers) {

  public static final int MAX_TRANSFERS = 100;

  public TransferBatchCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(transfers, "transfers");
    transfers = List.copyOf(transfers);
    if (transfers.isEmpty() || transfers.size() > MAX_TRANSFERS) {
      throw new InvalidRequestException(
          "a batch takes 1 to " + MAX_TRANSFERS + " transfers, got " + transfers.size());
    }
    Set<IdempotencyKey> keys = new HashSet<>();
    for (TransferFundsCommand transfer : transfers) {
      if (!transfer.caller().equals(caller)) {
        throw new IllegalArgumentException("every transfer of a batch is by its caller");
      }
      if (!keys.add(transfer.idempotencyKey())) {
        throw new InvalidRequestException(
            "key " + transfer.idempotencyKey().value() + " appears twice in the batch");
      }
    }
  }
}
