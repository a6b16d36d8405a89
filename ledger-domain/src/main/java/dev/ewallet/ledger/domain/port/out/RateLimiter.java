package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;

/**
 * A per-user request budget shared by every instance of the service: a fixed one-second window per
 * user and kind. Balances never live here; it only counts requests.
 */
public interface RateLimiter {

  /**
   * Takes {@code permits} permits from the user's budget of this kind, all or none: a request
   * carrying several money movements (a batch of transfers) takes one per movement.
   *
   * @param user never {@code null}
   * @param kind never {@code null}
   * @param permits at least 1; more than {@code permitsPerSecond} is never admitted
   * @param permitsPerSecond at least 1
   * @return never {@code null}; refused with the time until the window ends when the budget is
   *     spent
   */
  RateLimitDecision tryAcquire(UserId user, RequestKind kind, int permits, int permitsPerSecond);
}
