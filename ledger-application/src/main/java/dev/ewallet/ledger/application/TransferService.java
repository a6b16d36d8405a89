package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.SubmitTransferBatchUseCase;
import dev.ewallet.ledger.domain.port.in.TransferBatchCommand;
import dev.ewallet.ledger.domain.port.in.TransferBatchResult;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Wallet-to-wallet transfers, one by one or many in one batch. A single transfer moves only the
 * caller's own money; a batch's transfers may also be an operator's, from any wallet (payroll and
 * cash-back run by the wallet business itself).
 */
public final class TransferService implements TransferFundsUseCase, SubmitTransferBatchUseCase {

  private final AccountRepository accounts;
  private final PostingStrategy posting;
  private final AmountLimits limits;

  TransferService(AccountRepository accounts, PostingStrategy posting, AmountLimits limits) {
    this.accounts = accounts;
    this.posting = posting;
    this.limits = limits;
  }

  /** Who may move money out of the source wallet. */
  private enum Payer {
    OWNER,
    OWNER_OR_OPERATOR;

    void require(Caller caller, Account from) {
      switch (this) {
        case OWNER -> caller.requireOwner(from);
        case OWNER_OR_OPERATOR -> caller.requireOwnerOrOperator(from);
      }
    }
  }

  @Override
  public PostingReceipt transfer(TransferFundsCommand command) {
    return posting.post(request(command)).receiptOrThrow();
  }

  @Override
  public List<TransferBatchResult> submit(TransferBatchCommand command) {
    List<TransferFundsCommand> transfers = command.transfers();
    List<PostingOutcome> outcomes =
        posting.postAll(transfers.stream().map(t -> request(t, Payer.OWNER_OR_OPERATOR)).toList());
    List<TransferBatchResult> results = new ArrayList<>();
    for (int i = 0; i < transfers.size(); i++) {
      results.add(result(transfers.get(i), outcomes.get(i)));
    }
    return results;
  }

  private static TransferBatchResult result(TransferFundsCommand transfer, PostingOutcome outcome) {
    return switch (outcome) {
      case PostingOutcome.Rejected(RuntimeException reason) ->
          new TransferBatchResult(transfer.idempotencyKey(), null, reason);
      case PostingOutcome.Unknown(OutcomeUnknownException reason) ->
          new TransferBatchResult(transfer.idempotencyKey(), null, reason);
      case PostingOutcome posted ->
          new TransferBatchResult(transfer.idempotencyKey(), posted.receiptOrThrow(), null);
    };
  }

  /** The posting request of a single transfer, its credit target chosen. */
  PostingRequest request(TransferFundsCommand command) {
    return request(command, Payer.OWNER);
  }

  private PostingRequest request(TransferFundsCommand command, Payer payer) {
    AccountId credited = creditTarget(command);
    return PostingRequest.of(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            TransactionType.TRANSFER,
            new TreeSet<>(List.of(command.fromAccountId(), credited)),
            plan(command, credited, payer))
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
  private PostingPlan plan(TransferFundsCommand command, AccountId credited, Payer payer) {
    return (locked, id, at) -> {
      Account from = locked.account(command.fromAccountId());
      Account to = locked.account(credited);
      payer.require(command.caller(), from);
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
