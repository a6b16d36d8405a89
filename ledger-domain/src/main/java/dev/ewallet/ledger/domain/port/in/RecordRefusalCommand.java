package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.StoredRefusal;

/** Keep the refusal of the caller's request under the key, as it was answered. */
public record RecordRefusalCommand(Caller caller, IdempotencyKey key, StoredRefusal refusal) {

  public RecordRefusalCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(key, "key");
    CommandChecks.present(refusal, "refusal");
  }
}
