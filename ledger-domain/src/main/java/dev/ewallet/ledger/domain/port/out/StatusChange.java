package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * A wallet's new status as an operator set it, to store with the record of the change.
 *
 * @param reason the operator's reason, or {@code null}
 * @param changedBy the operator's principal id
 */
public record StatusChange(
    AccountId accountId, AccountStatus status, String reason, long changedBy, Instant changedAt) {

  public StatusChange {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(changedAt, "changedAt");
  }
}
