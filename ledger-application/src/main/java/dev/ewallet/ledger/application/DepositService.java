package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.util.List;
import java.util.TreeSet;

/**
 * Deposits: the bank clearing account of the wallet's currency pays the wallet. With group commit
 * ({@link PostingMode}), one batch locks the clearing account once for all the deposits it carries,
 * so a bank's bulk credits do not take that row one by one.
 */
public final class DepositService implements DepositFundsUseCase {

  private final AccountRepository accounts;
  private final PostingStrategy posting;
  private final AmountLimits limits;

  DepositService(AccountRepository accounts, PostingStrategy posting, AmountLimits limits) {
    this.accounts = accounts;
    this.posting = posting;
    this.limits = limits;
  }

  @Override
  public PostingReceipt deposit(DepositFundsCommand command) {
    return posting.post(request(command)).receiptOrThrow();
  }

  /**
   * The deposit as a posting request, once the caller, the wallet and the amount limit are checked
   * (what can be refused before queuing is refused here; the rest is checked on the locked rows).
   */
  PostingRequest request(DepositFundsCommand command) {
    command.caller().requireOperator();
    // A wallet's currency never changes, so reading it before the lock is safe; the clearing
    // account must be known before locking because the lock order needs every id up front.
    Account wallet = WalletRules.existing(accounts, command.accountId());
    WalletRules.requireWallet(wallet);
    AccountId clearing = accounts.systemAccount(AccountKind.BANK_CLEARING, wallet.currency());
    Money amount = Money.of(command.amountMinor(), wallet.currency());
    limits.requireWithin(amount);
    return PostingRequest.of(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            TransactionType.DEPOSIT,
            new TreeSet<>(List.of(wallet.id(), clearing)),
            (locked, id, at) ->
                Planned.of(
                    JournalTransaction.create(
                        id,
                        TransactionType.DEPOSIT,
                        List.of(
                            new Posting(clearing, amount.negate()),
                            new Posting(wallet.id(), amount)),
                        at)))
        .withDetails(command.details(), uniqueReference(command, wallet));
  }

  /** A deposit's reference is unique among the deposits of its currency. */
  private static UniqueReference uniqueReference(DepositFundsCommand command, Account wallet) {
    String reference = command.details().reference();
    return reference == null ? null : new UniqueReference(wallet.currency(), reference);
  }
}
