package dev.ewallet.ledger.application;

import dev.ewallet.ledger.application.Planned.RowChange;
import dev.ewallet.ledger.application.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.PostingRequest.SettledRow;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsCommand;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsUseCase;
import dev.ewallet.ledger.domain.port.in.GetHoldQuery;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.SettleHoldCommand;
import dev.ewallet.ledger.domain.port.in.SettleHoldUseCase;
import dev.ewallet.ledger.domain.port.in.TransferBatchCommand;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Holds (authorizations) as a state machine over the hold account: PENDING (wallet to hold), then
 * CAPTURED (hold to destination, any rest back), VOIDED or EXPIRED (hold back to the wallet). Every
 * step is one journal transaction with its own idempotency key and outbox event.
 */
public final class HoldService
    implements PlaceHoldUseCase, SettleHoldUseCase, GetHoldQuery, ExpireHoldsUseCase {

  /** The longest a hold may reserve funds. */
  static final Duration MAX_HOLD = Duration.ofDays(30);

  /** Expired holds released per posting batch: as many as one transfer-batch request carries. */
  static final int RELEASES_PER_POSTING = TransferBatchCommand.MAX_TRANSFERS;

  private final AccountRepository accounts;
  private final HoldRepository holds;
  private final PostingStrategy posting;
  private final AmountLimits limits;
  private final Clock clock;

  HoldService(
      AccountRepository accounts,
      HoldRepository holds,
      PostingStrategy posting,
      AmountLimits limits,
      Clock clock) {
    this.accounts = accounts;
    this.holds = holds;
    this.posting = posting;
    this.limits = limits;
    this.clock = clock;
  }

  @Override
  public PostingReceipt place(PlaceHoldCommand command) {
    Instant now = clock.instant();
    if (!command.expiresAt().isAfter(now) || command.expiresAt().isAfter(now.plus(MAX_HOLD))) {
      throw new InvalidRequestException("expiresAt must be in the future, at most 30 days ahead");
    }
    Account wallet = account(command.accountId());
    Account destination = account(command.destinationAccountId());
    WalletRules.requireWallet(wallet);
    WalletRules.requireWallet(destination);
    WalletRules.requireSameCurrency(wallet, destination);
    AccountId hold = accounts.systemAccount(AccountKind.HOLD, wallet.currency());
    Money amount = Money.of(command.amountMinor(), wallet.currency());
    limits.requireWithin(amount);
    return posting
        .post(
            PostingRequest.of(
                command.caller(),
                command.idempotencyKey(),
                command.fingerprint(),
                TransactionType.HOLD,
                new TreeSet<>(List.of(wallet.id(), hold)),
                (locked, id, at) -> {
                  command.caller().requireOwnerOrOperator(locked.account(wallet.id()));
                  return Planned.with(
                      JournalTransaction.create(
                          id,
                          TransactionType.HOLD,
                          List.of(
                              new Posting(wallet.id(), amount.negate()), new Posting(hold, amount)),
                          at),
                      new RowChange.HoldPlaced(
                          Hold.placed(
                              id, wallet.id(), destination.id(), amount, command.expiresAt(), at)));
                }))
        .receiptOrThrow();
  }

  @Override
  public PostingReceipt settle(SettleHoldCommand command) {
    Hold hold = find(command.holdId());
    return switch (command) {
      case CaptureHoldCommand capture -> {
        capture.caller().requireOperator();
        yield capture(capture, hold);
      }
      case VoidHoldCommand release -> {
        release.caller().requireOwnerOrOperator(account(hold.accountId()));
        yield release(release.caller(), release.idempotencyKey(), release.fingerprint(), hold);
      }
    };
  }

  private PostingReceipt capture(CaptureHoldCommand command, Hold hold) {
    Money captured =
        command.amountMinor() == null
            ? hold.amount()
            : Money.of(command.amountMinor(), hold.amount().currency());
    AccountId holdAccount = accounts.systemAccount(AccountKind.HOLD, hold.amount().currency());
    return posting
        .post(
            new PostingRequest(
                command.caller(),
                command.idempotencyKey(),
                command.fingerprint(),
                TransactionType.HOLD_CAPTURE,
                new TreeSet<>(List.of(holdAccount, hold.destinationAccountId(), hold.accountId())),
                new SettledRow.HoldRow(hold.id()),
                null,
                null,
                (locked, id, at) -> {
                  Hold capturedHold = locked.hold(hold.id()).capture(captured, id, at);
                  List<Posting> postings = new ArrayList<>();
                  postings.add(new Posting(holdAccount, hold.amount().negate()));
                  postings.add(new Posting(hold.destinationAccountId(), captured));
                  Money rest = hold.amount().plus(captured.negate());
                  if (rest.isPositive()) {
                    postings.add(new Posting(hold.accountId(), rest));
                  }
                  return Planned.with(
                      JournalTransaction.create(id, TransactionType.HOLD_CAPTURE, postings, at),
                      new RowChange.HoldSettled(capturedHold));
                }))
        .receiptOrThrow();
  }

  private PostingReceipt release(
      Caller caller, IdempotencyKey key, RequestFingerprint fingerprint, Hold hold) {
    return posting.post(releaseRequest(caller, key, fingerprint, hold)).receiptOrThrow();
  }

  private PostingRequest releaseRequest(
      Caller caller, IdempotencyKey key, RequestFingerprint fingerprint, Hold hold) {
    AccountId holdAccount = accounts.systemAccount(AccountKind.HOLD, hold.amount().currency());
    return new PostingRequest(
        caller,
        key,
        fingerprint,
        TransactionType.HOLD_RELEASE,
        new TreeSet<>(List.of(holdAccount, hold.accountId())),
        new SettledRow.HoldRow(hold.id()),
        null,
        null,
        (locked, id, at) ->
            Planned.with(
                JournalTransaction.create(
                    id,
                    TransactionType.HOLD_RELEASE,
                    List.of(
                        new Posting(holdAccount, hold.amount().negate()),
                        new Posting(hold.accountId(), hold.amount())),
                    at),
                new RowChange.HoldSettled(locked.hold(hold.id()).release(id, at))));
  }

  /**
   * Releases the expired holds found, {@value #RELEASES_PER_POSTING} per posting batch: a batch
   * takes the hold account once for all of them, as a batch of transfers does its accounts, instead
   * of one database transaction per hold taking it in turn. A hold a capture or void ended
   * meanwhile is left alone; a release another run posted replays. Any other refusal, or a batch
   * whose outcome is unknown, fails the call after that batch (the next run picks up what is left).
   */
  @Override
  public int expire(ExpireHoldsCommand command) {
    List<PostingRequest> releases = new ArrayList<>();
    for (TransactionId id : holds.findExpiredPending(clock.instant(), command.batchSize())) {
      // One key per hold: two expiry runs replay each other instead of releasing twice.
      IdempotencyKey key = IdempotencyKey.of("hold-expiry:" + id);
      RequestFingerprint fingerprint = RequestFingerprint.of("HOLD_EXPIRY", id);
      releases.add(releaseRequest(Caller.system(), key, fingerprint, find(id)));
    }
    int released = 0;
    for (int from = 0; from < releases.size(); from += RELEASES_PER_POSTING) {
      List<PostingRequest> group =
          releases.subList(from, Math.min(from + RELEASES_PER_POSTING, releases.size()));
      for (PostingOutcome outcome : posting.postAll(group)) {
        switch (outcome) {
          case PostingOutcome.Posted unused -> released++;
          // A capture or void won the race: the hold ended exactly once, which is all that matters.
          case Rejected(HoldNotPendingException endedMeanwhile) -> {}
          // Released by another run: a replay. Anything else throws its reason.
          default -> outcome.receiptOrThrow();
        }
      }
    }
    return released;
  }

  @Override
  public Hold get(Caller caller, TransactionId holdId) {
    Hold hold = find(holdId);
    caller.requireOwnerOrOperator(account(hold.accountId()));
    return hold;
  }

  private Hold find(TransactionId id) {
    return holds.findHold(id).orElseThrow(() -> new HoldNotFoundException(id.toString()));
  }

  private Account account(AccountId id) {
    return WalletRules.existing(accounts, id);
  }
}
