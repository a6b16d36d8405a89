package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.PostingOutcome;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import dev.ewallet.ledger.domain.movement.Transfer;
import dev.ewallet.ledger.domain.movement.Transfer.Payer;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.SubmitTransferBatchUseCase;
import dev.ewallet.ledger.domain.port.in.TransferBatchCommand;
import dev.ewallet.ledger.domain.port.in.TransferBatchResult;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Wallet-to-wallet transfers, one by one or many in one batch: names the accounts a {@link
 * Transfer} locks (the shard a credit lands on, the fee account) and hands it to the posting
 * strategy. A single transfer moves only the caller's own money; a batch's transfers may also be an
 * operator's, from any wallet (payroll and cash-back run by the wallet business itself).
 */
public final class TransferService implements TransferFundsUseCase, SubmitTransferBatchUseCase {

  private final AccountRepository accounts;
  private final PostingStrategy posting;
  private final FeeSchedule fees;

  public TransferService(AccountRepository accounts, PostingStrategy posting, FeeSchedule fees) {
    this.accounts = accounts;
    this.posting = posting;
    this.fees = fees;
  }

  @Override
  public PostingReceipt transfer(TransferFundsCommand command) {
    return posting.post(request(command, Payer.OWNER)).receiptOrThrow();
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

  private PostingRequest request(TransferFundsCommand command, Payer payer) {
    Transfer transfer =
        new Transfer(
            command.caller(),
            payer,
            command.fromAccountId(),
            command.toAccountId(),
            creditTarget(command),
            feeAccount(command),
            command.amountMinor());
    return new PostingRequest(
            command.caller(), command.idempotencyKey(), command.fingerprint(), transfer)
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
