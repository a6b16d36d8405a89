package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import java.util.Objects;

/**
 * What became of the request a caller sent under an idempotency key.
 *
 * @param transactionId what it posted (a settled deposit's settlement); {@code null} otherwise
 * @param type the posted transaction's type; {@code null} unless posted
 * @param feeMinor the fee it charged; 0 unless posted with one
 * @param pendingDepositId the pending deposit it announced; {@code null} for any other request
 * @param refusal the problem it was refused with; {@code null} unless the ledger refused it
 * @param failureReason why the bank failed the deposit it announced; {@code null} unless failed
 */
public record IdempotencyKeyStatus(
    IdempotencyKey key,
    State state,
    TransactionId transactionId,
    TransactionType type,
    long feeMinor,
    TransactionId pendingDepositId,
    StoredRefusal refusal,
    String failureReason) {

  public enum State {
    /** It announced a deposit the bank has not confirmed yet. */
    IN_PROGRESS,
    /** It posted a transaction (or announced a deposit that has settled). */
    POSTED,
    /**
     * The ledger refused it (its key is free for another try), or the bank failed the deposit it
     * announced.
     */
    REFUSED
  }

  public IdempotencyKeyStatus {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(state, "state");
  }

  /** A request whose transaction the journal claimed under the key. */
  public static IdempotencyKeyStatus posted(
      IdempotencyKey key, TransactionId transactionId, TransactionType type, long feeMinor) {
    return new IdempotencyKeyStatus(
        key, State.POSTED, transactionId, type, feeMinor, null, null, null);
  }

  /** A pending deposit announced under the key, as it stands. */
  public static IdempotencyKeyStatus announced(IdempotencyKey key, PendingDeposit deposit) {
    return switch (deposit.status()) {
      case PENDING ->
          new IdempotencyKeyStatus(key, State.IN_PROGRESS, null, null, 0, deposit.id(), null, null);
      case SETTLED ->
          new IdempotencyKeyStatus(
              key,
              State.POSTED,
              deposit.settledBy(),
              TransactionType.DEPOSIT,
              0,
              deposit.id(),
              null,
              null);
      case FAILED ->
          new IdempotencyKeyStatus(
              key, State.REFUSED, null, null, 0, deposit.id(), null, deposit.failureReason());
    };
  }

  /** A request refused under the key, as it was answered. */
  public static IdempotencyKeyStatus refused(IdempotencyKey key, StoredRefusal refusal) {
    return new IdempotencyKeyStatus(key, State.REFUSED, null, null, 0, null, refusal, null);
  }
}
