package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.ratelimit.RequestKind;

/**
 * May this caller's request of this kind go ahead now?
 *
 * @param permits how much of the budget it takes: 1 per request, and a request carrying several
 *     money movements takes one per movement
 */
public record AdmitRequestCommand(Caller caller, RequestKind kind, int permits) {

  /** One request's permit. */
  public AdmitRequestCommand(Caller caller, RequestKind kind) {
    this(caller, kind, 1);
  }

  public AdmitRequestCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(kind, "kind");
    if (permits < 1) {
      throw new IllegalArgumentException("permits must be at least 1, got " + permits);
    }
  }
}
