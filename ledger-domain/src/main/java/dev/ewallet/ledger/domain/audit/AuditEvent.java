package dev.ewallet.ledger.domain.audit;

import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One state-changing request as the ledger saw it, whether it was carried out or refused: who asked
 * (as the verified token said, if any), from where, what, and what came of it. Audit events are
 * append-only, like the journal.
 *
 * @param actor the token's {@code sub}; {@code null} when the request carried no valid token
 * @param operator whether the token carried the operator scope
 * @param tokenId the token's {@code jti}, or {@code null}
 * @param issuer the token's {@code iss}, or {@code null}
 * @param idempotencyKey the {@code Idempotency-Key} sent, or {@code null}
 * @param code the problem code of a refusal, or {@code null} when it succeeded
 * @param transactionId the transaction posted (or replayed), or {@code null}
 * @param accountIds the accounts the request named, in its path or body
 */
public record AuditEvent(
    Instant occurredAt,
    String actor,
    boolean operator,
    String tokenId,
    String issuer,
    String clientAddress,
    String method,
    String path,
    String idempotencyKey,
    int status,
    String code,
    TransactionId transactionId,
    List<Long> accountIds) {

  public AuditEvent {
    Objects.requireNonNull(occurredAt, "occurredAt");
    Objects.requireNonNull(clientAddress, "clientAddress");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    accountIds = List.copyOf(accountIds);
  }
}
