package dev.ewallet.ledger.domain.webhook;

import java.time.Instant;
import java.util.Objects;

/**
 * One try at sending a delivery.
 *
 * @param statusCode the receiver's HTTP status, or {@code null} when it gave none (timeout, refused
 *     connection, refused address)
 * @param error why the attempt failed, or {@code null} when it succeeded
 */
public record DeliveryAttempt(
    int attempt, Instant at, Integer statusCode, long latencyMillis, String error) {

  /** The longest error text kept. */
  public static final int MAX_ERROR = 500;

  public DeliveryAttempt {
    Objects.requireNonNull(at, "at");
    if (error != null && error.length() > MAX_ERROR) {
      error = error.substring(0, MAX_ERROR);
    }
  }

  /** Whether the receiver took the delivery: it answered 2xx. */
  public boolean succeeded() {
    return statusCode != null && statusCode >= 200 && statusCode < 300;
  }
}
