package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.in.AdmitRequestCommand;
import dev.ewallet.ledger.domain.port.in.AdmitRequestUseCase;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.out.RateLimiter;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;

/** Applies the per-user budgets of {@link RateLimits}. */
public final class AdmissionService implements AdmitRequestUseCase {

  private final RateLimiter limiter;
  private final RateLimits limits;

  AdmissionService(RateLimiter limiter, RateLimits limits) {
    this.limiter = limiter;
    this.limits = limits;
  }

  @Override
  public RateLimitDecision admit(AdmitRequestCommand command) {
    Caller caller = command.caller();
    if (caller.user() == null || (caller.operator() && limits.operatorsExempt())) {
      return RateLimitDecision.ALLOWED;
    }
    int permits =
        command.kind() == RequestKind.WRITE
            ? limits.moneyMovementPerSecond()
            : limits.readsPerSecond();
    if (permits == 0) {
      return RateLimitDecision.ALLOWED;
    }
    return limiter.tryAcquire(caller.user(), command.kind(), command.permits(), permits);
  }
}
