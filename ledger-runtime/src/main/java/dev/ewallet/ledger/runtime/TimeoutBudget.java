package dev.ewallet.ledger.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * How one request's time is shared out among the steps that may block, so that every request is
 * answered within {@code requestTimeout} whatever the database does (ADR 0010). Each adapter that
 * blocks bounds its wait by its share; the shares leave room for the others and for the answer.
 *
 * @param requestTimeout the longest any request may take, end to end; at least 2 seconds
 */
public record TimeoutBudget(Duration requestTimeout) {

  private static final Duration MINIMUM = Duration.ofSeconds(2);
  private static final Duration ANSWER_MARGIN = Duration.ofMillis(500);

  /** The contract's default: every request is answered within 10 seconds. */
  public static final TimeoutBudget DEFAULT = new TimeoutBudget(Duration.ofSeconds(10));

  public TimeoutBudget {
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (requestTimeout.compareTo(MINIMUM) < 0) {
      throw new IllegalArgumentException(
          "the request timeout must be at least " + MINIMUM + ", got " + requestTimeout);
    }
  }

  /**
   * How long a request's own work may take: the whole timeout less a margin to write the answer.
   * Past it, a request still waiting for the database gives up.
   */
  public Duration work() {
    return requestTimeout.minus(ANSWER_MARGIN);
  }

  /**
   * The longest one database transaction may run, all its statements together: half the request, in
   * whole seconds (the unit JDBC statement timeouts take), at least one.
   */
  public Duration transaction() {
    return Duration.ofSeconds(Math.max(1, requestTimeout.dividedBy(2).toSeconds()));
  }

  /**
   * The server's {@code statement_timeout}: a quarter of the request. A statement cancelled by the
   * server fails with a definite error, before the client's socket gives up on it.
   */
  public Duration statement() {
    return requestTimeout.dividedBy(4);
  }

  /**
   * The server's {@code lock_timeout}: a fifth of the request. A row lock held that long means the
   * ledger is overloaded; the waiter rolls back and is told to retry.
   */
  public Duration lock() {
    return requestTimeout.dividedBy(5);
  }

  /**
   * How long the client waits for any byte from the database before it gives the connection up: a
   * second longer than a statement may run, in whole seconds (the unit the PostgreSQL driver
   * takes). Only a stalled network or server reaches it.
   */
  public Duration socket() {
    return Duration.ofSeconds(statement().plusSeconds(1).plusMillis(999).toSeconds());
  }

  /**
   * How long a check that a pooled connection is alive may take before it is thrown away: a tenth
   * of the request, between a quarter of a second (the pool's floor) and one second.
   */
  public Duration connectionValidation() {
    long tenthMs = requestTimeout.dividedBy(10).toMillis();
    return Duration.ofMillis(Math.clamp(tenthMs, 250, 1_000));
  }
}
