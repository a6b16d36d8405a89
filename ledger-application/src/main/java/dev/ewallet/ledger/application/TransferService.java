package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;

/** Wallet-to-wallet transfers. */
public final class TransferService implements TransferFundsUseCase {

  private final AccountRepository accounts;
  private final PostingStrategy posting;
  private final AmountLimits limits;

  TransferService(AccountRepository accounts, PostingStrategy posting, AmountLimits limits) {
    this.accounts = accounts;
    this.posting = posting;
    this.limits = limits;
  }

  @Override
  public PostingReceipt transfer(TransferFundsCommand command) {
    return posting.post(request(command)).receiptOrThrow();
  }

  /** The posting request of a transfer, its credit target chosen. */
  PostingRequest request(TransferFundsCommand command) {
    AccountId credited = creditTarget(command);
    return PostingRequest.of(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            TransactionType.TRANSFER,
            new TreeSet<>(List.of(command.fromAccountId(), credited)),
            plan(command, credited))
        .withDetails(command.details(), null);
  }

  /**
   * A credit to a sharded merchant lands on one of its shards, chosen at random, so concurrent
   * payers spread over the shards' row locks instead of queueing on one; the merchant's main row is
   * not locked at all.
   */
  private AccountId creditTarget(TransferFundsCommand command) {
    List<AccountId> shards = accounts.creditTargets(command.toAccountId());
    return shards.isEmpty()
        ? command.toAccountId()
        : shards.get(ThreadLocalRandom.current().nextInt(shards.size()));
  }

  /** The rules of a transfer, checked on the accounts as locked. */
  private PostingPlan plan(TransferFundsCommand command, AccountId credited) {
    return (locked, id, at) -> {
      Account from = locked.account(command.fromAccountId());
      Account to = locked.account(credited);
      command.caller().requireOwner(from);
      WalletRules.requireWallet(from);
      WalletRules.requireCreditable(to, command.toAccountId());
      WalletRules.requireSameCurrency(from, to);
      Money amount = Money.of(command.amountMinor(), from.currency());
      limits.requireWithin(amount);
      return Planned.of(
          JournalTransaction.create(
              id,
              TransactionType.TRANSFER,
              List.of(new Posting(from.id(), amount.negate()), new Posting(to.id(), amount)),
              at));
    };
  }
}
