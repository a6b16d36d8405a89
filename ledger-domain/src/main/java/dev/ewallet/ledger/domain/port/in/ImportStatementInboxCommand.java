package dev.ewallet.ledger.domain.port.in;

/** One pass over the statement inbox, by the system's job or an operator. */
public record ImportStatementInboxCommand(Caller caller) {

  public ImportStatementInboxCommand {
    CommandChecks.present(caller, "caller");
  }
}
