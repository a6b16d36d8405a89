package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.ratelimit.RequestKind;

/** May this caller's request of this kind go ahead now? */
public record AdmitRequestCommand(Caller caller, RequestKind kind) {

  public AdmitRequestCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(kind, "kind");
  }
}
