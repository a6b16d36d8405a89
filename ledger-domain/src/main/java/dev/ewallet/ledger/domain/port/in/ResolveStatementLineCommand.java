package dev.ewallet.ledger.domain.port.in;

/**
 * An operator's resolution of a statement line no rule settled: {@link MatchStatementLineCommand
 * match it} to the withdrawal it pays or returns, {@link MatchDepositLineCommand to the pending
 * deposit} it pays in, {@link BookDepositLineCommand booked as a deposit} to a wallet, or {@link
 * DismissStatementLineCommand dismiss it} with a reason.
 */
public sealed interface ResolveStatementLineCommand
    permits MatchStatementLineCommand,
        MatchDepositLineCommand,
        BookDepositLineCommand,
        DismissStatementLineCommand {

  Caller caller();

  long lineId();
}
