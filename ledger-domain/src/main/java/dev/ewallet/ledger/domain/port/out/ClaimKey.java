package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import java.util.Objects;

/** An idempotency key as it is unique: per principal (the caller's user id, 0 for the system). */
public record ClaimKey(long principalId, IdempotencyKey key) {

  public ClaimKey {
    Objects.requireNonNull(key, "key");
  }

  public static ClaimKey of(JournalClaim claim) {
    return new ClaimKey(claim.principalId(), claim.idempotencyKey());
  }
}
