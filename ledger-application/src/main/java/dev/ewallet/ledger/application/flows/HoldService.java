package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.OperatorPages;
import dev.ewallet.ledger.application.posting.PostingOutcome;
import dev.ewallet.ledger.application.posting.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.movement.HoldCapture;
import dev.ewallet.ledger.domain.movement.HoldPlacement;
import dev.ewallet.ledger.domain.movement.HoldRelease;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsCommand;
import dev.ewallet.ledger.domain.port.in.ExpireHoldsUseCase;
import dev.ewallet.ledger.domain.port.in.ExpiringHoldsQuery;
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
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds (authorizations) as a state machine over the hold account: PENDING (wallet to hold), then
 * CAPTURED (hold to destination, any rest back), VOIDED or EXPIRED (hold back to the wallet). Every
 * step is one journal transaction with its own idempotency key and outbox event.
 */
public final class HoldService
    implements PlaceHoldUseCase,
        SettleHoldUseCase,
        GetHoldQuery,
        ExpiringHoldsQuery,
        ExpireHoldsUseCase {

  /** Expired holds released per posting batch: as many as one transfer-batch request carries. */
  static final int RELEASES_PER_POSTING = TransferBatchCommand.MAX_TRANSFERS;

  private final AccountRepository accounts;
  private final HoldRepository holds;
  private final JournalRepository journal;
  private final PostingStrategy posting;
  private final Clock clock;

  public HoldService(
      AccountRepository accounts,
      HoldRepository holds,
      JournalRepository journal,
      PostingStrategy posting,
      Clock clock) {
    this.accounts = accounts;
    this.holds = holds;
    this.journal = journal;
    this.posting = posting;
    this.clock = clock;
  }

  @Override
  public PostingReceipt place(PlaceHoldCommand command) {
    Account wallet = account(command.accountId());
    AccountId holdAccount = accounts.systemAccountServing(wallet, AccountKind.HOLD);
    HoldPlacement placement =
        new HoldPlacement(
            command.caller(),
            wallet.id(),
            account(command.destinationAccountId()),
            holdAccount,
            command.amountMinor(),
            command.expiresAt());
    return post(command.caller(), command.idempotencyKey(), command.fingerprint(), placement);
  }

  @Override
  public PostingReceipt settle(SettleHoldCommand command) {
    Hold hold = find(command.holdId());
    AccountId holdAccount = journal.heldOn(hold.id());
    Movement settlement =
        switch (command) {
          case CaptureHoldCommand capture -> {
            capture.caller().requireOperator();
            yield new HoldCapture(hold, holdAccount, capture.amountMinor());
          }
          case VoidHoldCommand release -> {
            release.caller().requireOwnerOrOperator(account(hold.accountId()));
            yield new HoldRelease(hold, holdAccount);
          }
        };
    return post(command.caller(), command.idempotencyKey(), command.fingerprint(), settlement);
  }

  private PostingReceipt post(
      Caller caller, IdempotencyKey key, RequestFingerprint fingerprint, Movement movement) {
    return posting.post(new PostingRequest(caller, key, fingerprint, movement)).receiptOrThrow();
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
      Hold hold = find(id);
      HoldRelease release = new HoldRelease(hold, journal.heldOn(id));
      releases.add(new PostingRequest(Caller.system(), key, fingerprint, release));
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
    return accounts.existing(id);
  }

  @Override
  public List<Hold> expiring(Caller caller, Instant before, PendingPosition after, int limit) {
    OperatorPages.require(caller, limit);
    Instant until = before == null ? clock.instant().plus(Duration.ofDays(1)) : before;
    return holds.pendingExpiringBefore(until, after, limit);
  }
}
