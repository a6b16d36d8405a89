package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.Objects;

/**
 * How a statement line was resolved, recorded once and never changed.
 *
 * @param status {@link LineStatus#MATCHED} or {@link LineStatus#DISMISSED}
 * @param withdrawalId the withdrawal it settled; {@code null} when dismissed or a deposit
 * @param depositId the pending deposit it settled; {@code null} when dismissed or a withdrawal
 * @param transactionId the settlement's journal transaction; {@code null} when dismissed
 * @param rule what decided it: {@code END_TO_END_ID} for a payout matched by its id, {@code
 *     REFERENCE} for a pending deposit matched by its reference, {@code OPERATOR} for a person
 * @param reason what settled it, or why it was dismissed
 * @param decidedBy who: the importing operator's principal, or the operator who resolved it
 */
public record LineResolution(
    LineStatus status,
    TransactionId withdrawalId,
    TransactionId depositId,
    TransactionId transactionId,
    String rule,
    String reason,
    String decidedBy,
    Instant decidedAt) {

  public LineResolution {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(decidedBy, "decidedBy");
    Objects.requireNonNull(decidedAt, "decidedAt");
    if (status == LineStatus.UNMATCHED) {
      throw new IllegalArgumentException("a resolution matches or dismisses");
    }
  }
}
