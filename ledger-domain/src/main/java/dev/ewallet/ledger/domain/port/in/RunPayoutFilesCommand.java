package dev.ewallet.ledger.domain.port.in;

/** Gather the pending withdrawals into payment files now, one per currency (operators, a timer). */
public record RunPayoutFilesCommand(Caller caller) {

  public RunPayoutFilesCommand {
    CommandChecks.present(caller, "caller");
  }
}
