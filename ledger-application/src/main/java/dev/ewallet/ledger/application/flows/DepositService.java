package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.PostingMode;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.movement.Deposit;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;

/**
 * Deposits: names the bank clearing account of the wallet's currency, which a {@link Deposit} locks
 * with the wallet, and hands it to the posting strategy. With group commit ({@link PostingMode}),
 * one batch locks the clearing account once for all the deposits it carries, so a bank's bulk
 * credits do not take that row one by one.
 */
public final class DepositService implements DepositFundsUseCase {

  private final AccountRepository accounts;
  private final PendingDepositRepository pending;
  private final PostingStrategy posting;

  public DepositService(
      AccountRepository accounts, PendingDepositRepository pending, PostingStrategy posting) {
    this.accounts = accounts;
    this.pending = pending;
    this.posting = posting;
  }

  @Override
  public PostingReceipt deposit(DepositFundsCommand command) {
    return posting.post(request(command)).receiptOrThrow();
  }

  /** The deposit as a posting request, once the caller is known to be an operator. */
  private PostingRequest request(DepositFundsCommand command) {
    command.caller().requireOperator();
    // One key space for the endpoint: a key that announced a pending deposit posts nothing else.
    if (pending
        .announcedUnder(command.caller().principalId(), command.idempotencyKey())
        .isPresent()) {
      throw new IdempotencyKeyReusedException(command.idempotencyKey().value());
    }
    // A wallet's currency never changes, so reading it before the lock is safe; the clearing
    // account must be known before locking because the lock order needs every id up front.
    Account wallet = accounts.existing(command.accountId());
    Deposit deposit =
        new Deposit(
            wallet.id(),
            accounts.systemAccountServing(wallet, AccountKind.BANK_CLEARING),
            command.amountMinor());
    return new PostingRequest(
            command.caller(), command.idempotencyKey(), command.fingerprint(), deposit)
        .withDetails(command.details(), uniqueReference(command, wallet));
  }

  /** A deposit's reference is unique among the deposits of its currency. */
  private static UniqueReference uniqueReference(DepositFundsCommand command, Account wallet) {
    String reference = command.details().reference();
    return reference == null ? null : new UniqueReference(wallet.currency(), reference);
  }
}
