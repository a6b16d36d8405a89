package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import java.util.List;
import java.util.Objects;

/**
 * A movement to post, with what the journal keeps beside it: who asked, under which idempotency key
 * and body, and the client's details.
 *
 * @param details the client's reference, description and metadata, stored with the transaction
 * @param uniqueReference the reference no other deposit of its currency may carry, or {@code null}
 * @param trace the caller's trace, set by the posting strategy on the caller's thread; the posted
 *     transaction's event continues it
 * @param suspense the suspense account locked with the movement's accounts, set by the poster when
 *     the movement brings money to a closed wallet that the closed-wallet policy keeps there;
 *     {@code null} otherwise
 */
public record PostingRequest(
    Caller caller,
    IdempotencyKey idempotencyKey,
    RequestFingerprint fingerprint,
    Movement movement,
    TransactionDetails details,
    UniqueReference uniqueReference,
    TraceContext trace,
    AccountId suspense) {

  public PostingRequest {
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(movement, "movement");
    Objects.requireNonNull(details, "details");
    Objects.requireNonNull(trace, "trace");
  }

  /** A request without client details. */
  public PostingRequest(
      Caller caller,
      IdempotencyKey idempotencyKey,
      RequestFingerprint fingerprint,
      Movement movement) {
    this(
        caller,
        idempotencyKey,
        fingerprint,
        movement,
        TransactionDetails.NONE,
        null,
        TraceContext.NONE,
        null);
  }

  /** This request carrying the client's details and, for a deposit, its unique reference. */
  public PostingRequest withDetails(TransactionDetails clientDetails, UniqueReference unique) {
    return new PostingRequest(
        caller, idempotencyKey, fingerprint, movement, clientDetails, unique, trace, suspense);
  }

  /** The requests as asked for together by the caller whose trace is {@code callerTrace}. */
  static List<PostingRequest> tracedBy(TraceContext callerTrace, List<PostingRequest> requests) {
    return requests.stream().map(request -> request.tracedBy(callerTrace)).toList();
  }

  /** This request as asked for by the caller whose trace is {@code callerTrace}. */
  PostingRequest tracedBy(TraceContext callerTrace) {
    return new PostingRequest(
        caller,
        idempotencyKey,
        fingerprint,
        movement,
        details,
        uniqueReference,
        callerTrace,
        suspense);
  }

  /** This request with {@code account}, a suspense account, locked with its movement's. */
  PostingRequest keepingInSuspense(AccountId account) {
    return new PostingRequest(
        caller, idempotencyKey, fingerprint, movement, details, uniqueReference, trace, account);
  }

  ClaimKey claimKey() {
    return new ClaimKey(caller.principalId(), idempotencyKey);
  }
}
