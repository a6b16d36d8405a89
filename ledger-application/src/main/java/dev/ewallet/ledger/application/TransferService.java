package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
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
import java.util.SortedSet;
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
  private final FeeSchedule fees;

  TransferService(
      AccountRepository accounts, PostingStrategy posting, AmountLimits limits, FeeSchedule fees) {
    this.accounts = accounts;
    this.posting = posting;
    this.limits = limits;
    this.fees = fees;
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
    AccountId feeAccount = feeAccount(command);
    SortedSet<AccountId> locked = new TreeSet<>(List.of(command.fromAccountId(), credited));
    if (feeAccount != null) {
      locked.add(feeAccount);
    }
    return PostingRequest.of(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            TransactionType.TRANSFER,
            locked,
            plan(command, credited, feeAccount, payer))
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
  private PostingPlan plan(
      TransferFundsCommand command, AccountId credited, AccountId feeAccount, Payer payer) {
    return (locked, id, at) -> {
      Account from = locked.account(command.fromAccountId());
      Account to = locked.account(credited);
      payer.require(command.caller(), from);
      WalletRules.requireWallet(from);
      WalletRules.requireCreditable(to, command.toAccountId());
      WalletRules.requireSameCurrency(from, to);
      Money amount = Money.of(command.amountMinor(), from.currency());
      limits.requireWithin(amount);
      Money fee = fees.feeFor(amount);
      if (fee.isZero()) {
        return Planned.of(
            JournalTransaction.create(
                id,
                TransactionType.TRANSFER,
                List.of(new Posting(from.id(), amount.negate()), new Posting(to.id(), amount)),
                at));
      }
      // The payer pays amount and fee in one debit; the fee is a third leg, to the revenue account.
      Account revenue = locked.account(feeAccount);
      if (revenue == null
          || revenue.kind() != AccountKind.FEE_REVENUE
          || !revenue.currency().equals(from.currency())) {
        throw new IllegalStateException("the fee account " + feeAccount + " was not locked");
      }
      return Planned.charging(
          JournalTransaction.create(
              id,
              TransactionType.TRANSFER,
              List.of(
                  new Posting(from.id(), amount.plus(fee).negate()),
                  new Posting(to.id(), amount),
                  new Posting(revenue.id(), fee)),
              at),
          fee.amountMinor());
    };
  }

  /**
   * The currency's fee revenue account when its transfers pay a fee, else {@code null}. The source
   * wallet's currency is read before locking (it never changes); a source that does not exist has
   * none, and the poster refuses it.
   */
  private AccountId feeAccount(TransferFundsCommand command) {
    if (fees.rules().isEmpty()) {
      return null;
    }
    return accounts
        .findById(command.fromAccountId())
        .map(Account::currency)
        .filter(fees::charges)
        .map(currency -> accounts.systemAccount(AccountKind.FEE_REVENUE, currency))
        .orElse(null);
  }
}
