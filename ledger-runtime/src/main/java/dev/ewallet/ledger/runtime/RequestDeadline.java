package dev.ewallet.ledger.runtime;

import java.time.Duration;
import java.util.Optional;

/**
 * The instant by which the request that the current thread serves must have its answer. The inbound
 * adapter sets it when a request arrives; outbound adapters that block (a database connection, a
 * wait for a posting batch) bound their waits by what is left of it. Threads that serve no request
 * (jobs, posting writers) have none, and rely on their own timeouts.
 */
public final class RequestDeadline {

  private static final ThreadLocal<Long> DEADLINE_NANOS = new ThreadLocal<>();

  private RequestDeadline() {}

  /**
   * Sets a deadline {@code budget} from now for the current thread, until the returned scope is
   * closed, which restores the one before (if any).
   *
   * @param budget the time the request may take, never {@code null}
   */
  public static Scope start(Duration budget) {
    Long previous = DEADLINE_NANOS.get();
    DEADLINE_NANOS.set(System.nanoTime() + budget.toNanos());
    return new Scope(previous);
  }

  /** A deadline in force on the thread that started it; closing it restores the previous one. */
  public static final class Scope implements AutoCloseable {

    private final Long previous;

    private Scope(Long previous) {
      this.previous = previous;
    }

    @Override
    public void close() {
      if (previous == null) {
        DEADLINE_NANOS.remove();
      } else {
        DEADLINE_NANOS.set(previous);
      }
    }
  }

  /**
   * What is left of the current thread's deadline, zero or negative once it has passed; empty when
   * the thread serves no request.
   */
  public static Optional<Duration> remaining() {
    Long deadline = DEADLINE_NANOS.get();
    return deadline == null
        ? Optional.empty()
        : Optional.of(Duration.ofNanos(deadline - System.nanoTime()));
  }
}
