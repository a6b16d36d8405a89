package dev.ewallet.ledger.domain.journal;

import java.time.Instant;
import java.util.Objects;

/**
 * A request sent under an idempotency key that the ledger refused, kept as it was answered, so that
 * a client that lost the answer can ask what became of its key. A refused request claims nothing:
 * the key stays free, and a later request under it that posts supersedes this.
 *
 * @param status the HTTP status it was answered with (4xx)
 * @param code the problem's stable code
 * @param problem the RFC 9457 problem as answered, a JSON document the ledger keeps as text
 */
public record StoredRefusal(int status, String code, String problem, Instant refusedAt) {

  public StoredRefusal {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(problem, "problem");
    Objects.requireNonNull(refusedAt, "refusedAt");
    if (status < 400 || status > 499) {
      throw new IllegalArgumentException("a refusal answers 4xx, not " + status);
    }
  }
}
