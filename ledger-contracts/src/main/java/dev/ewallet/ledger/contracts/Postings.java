package dev.ewallet.ledger.contracts;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.RateLimits;
import dev.ewallet.ledger.application.posting.BatchPoster;
import dev.ewallet.ledger.application.posting.HotRowMeter;
import dev.ewallet.ledger.application.posting.InlinePosting;
import dev.ewallet.ledger.application.posting.PostingOutcome;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.movement.Deposit;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.PostingRules;
import dev.ewallet.ledger.domain.movement.Transfer;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.InMemoryRateLimiter;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import dev.ewallet.ledger.testkit.RecordingBank;
import dev.ewallet.ledger.testkit.RecordingPublisher;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;

/**
 * Puts money on the books for the contract tests exactly as the ledger does: through the
 * application's own use cases and {@link BatchPoster}, posting inline over the storage ports under
 * test. Deposits are an operator's, transfers their payer's, refunds an operator's; each request
 * under a fresh idempotency key. Where a test needs what a use case leaves to chance or does one
 * request at a time (the shard a credit lands on, several movements in one unit of work), it hands
 * the movement to the same poster itself.
 */
public final class Postings {

  private final LedgerPorts ports;
  private final LedgerServices services;
  private final PostingStrategy inline;
  private final Caller operator;

  private Postings(LedgerPorts ports, Caller operator) {
    this.ports = ports;
    this.operator = operator;
    Clock clock = Clock.systemUTC();
    this.services = new LedgerServices(ports, new RateLimits(10, 0, true), clock);
    // The same rules as the services' default limits: no fees, no outgoing limits.
    this.inline =
        new InlinePosting(
            new BatchPoster(
                ports,
                PostingRules.DEFAULT,
                OutgoingLimits.NONE,
                new HotRowMeter(HotAccountRule.DEFAULT.window(), clock),
                clock),
            ports.tracing());
  }

  /** Over every port of a storage; deposits and refunds by the operator with id 1. */
  public static Postings over(LedgerPorts ports) {
    return new Postings(ports, Caller.operator(1));
  }

  /**
   * Over the in-memory storage; what posting never calls (the publisher, the rate limiter, the
   * bank) are the testkit's doubles.
   */
  public static Postings over(InMemoryLedger ledger) {
    return over(
        LedgerPorts.builder()
            .accounts(ledger.accounts())
            .journal(ledger.journal())
            .outboxAndStore(ledger.outbox())
            .audit(ledger.audit())
            .publisher(new RecordingPublisher())
            .rateLimiter(new InMemoryRateLimiter(Clock.systemUTC()))
            .bankFlows(ledger.bankFlows())
            .monitors(ledger.monitors())
            .hotAccounts(ledger.hotAccounts())
            .reads(ledger.reads())
            .bank(new RecordingBank())
            .auditTrail(ledger.auditTrail())
            .unitOfWork(ledger.store())
            .build());
  }

  /** The same postings with deposits and refunds by the operator {@code principal}. */
  public Postings byOperator(long principal) {
    return new Postings(ports, Caller.operator(principal));
  }

  /** Credits {@code amount} to the wallet from the bank clearing account of its currency. */
  public TransactionId deposit(AccountId wallet, Money amount) {
    return deposit(wallet, amount, TransactionDetails.NONE);
  }

  /** A deposit carrying the client's details; its reference, if any, unique in its currency. */
  public TransactionId deposit(AccountId wallet, Money amount, TransactionDetails details) {
    return services
        .deposits()
        .deposit(
            new DepositFundsCommand(
                operator, LedgerFixtures.freshKey(), wallet, amount.amountMinor(), details))
        .transactionId();
  }

  /** Deposits of each amount to the wallet, posted together in one unit of work, in order. */
  public List<TransactionId> depositsInOneUnitOfWork(AccountId wallet, Money... amounts) {
    AccountId clearing =
        ports.accounts().systemAccount(AccountKind.BANK_CLEARING, amounts[0].currency());
    return postTogether(
        Arrays.stream(amounts)
            .map(amount -> (Movement) new Deposit(wallet, clearing, amount.amountMinor()))
            .toList());
  }

  /** A transfer between two wallets, asked for by the payer's owner. */
  public TransactionId transfer(
      AccountId from, AccountId to, Money amount, TransactionDetails details) {
    Account payer = ports.accounts().findById(from).orElseThrow();
    Caller owner = Caller.user(payer.ownerId().orElseThrow().value());
    return services
        .transfers()
        .transfer(
            new TransferFundsCommand(
                owner, LedgerFixtures.freshKey(), from, to, amount.amountMinor(), details))
        .transactionId();
  }

  /**
   * A transfer to a sharded merchant that lands on the shard the test names, where the transfer use
   * case picks one at random; asked for by the operator.
   */
  public TransactionId transferToShard(
      AccountId from, AccountId merchant, AccountId shard, Money amount) {
    return postTogether(
            List.of(
                new Transfer(
                    operator,
                    Transfer.Payer.OWNER_OR_OPERATOR,
                    from,
                    merchant,
                    shard,
                    null,
                    amount.amountMinor())))
        .getFirst();
  }

  /** Pays {@code amount} of a transfer back from where it landed to its payer. */
  public TransactionId refund(TransactionId transfer, Money amount) {
    return services
        .reversals()
        .refund(
            new RefundTransactionCommand(
                operator, LedgerFixtures.freshKey(), transfer, amount.amountMinor(), null))
        .transactionId();
  }

  private List<TransactionId> postTogether(List<Movement> movements) {
    List<PostingRequest> requests =
        movements.stream()
            .map(movement ->
                new PostingRequest(
                    operator,
                    LedgerFixtures.freshKey(),
                    RequestFingerprint.of("CONTRACT-" + movement.type(), movement),
                    movement))
            .toList();
    return inline.postAll(requests).stream()
        .map(PostingOutcome::receiptOrThrow)
        .map(PostingReceipt::transactionId)
        .toList();
  }
}
