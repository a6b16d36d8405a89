package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;

/**
 * The first line of defence against spikes: each user's budget of requests per second, checked
 * before any work is done, so a refused request costs no database connection and claims no key.
 */
public interface AdmitRequestUseCase {

  /**
   * @param command never {@code null}
   * @return never {@code null}; when refused, the caller should retry after {@code retryAfter}
   */
  RateLimitDecision admit(AdmitRequestCommand command);
}
