package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;

/**
 * What the {@link BatchPoster} needs to post one transaction.
 *
 * @param accountIds every account the plan may post to; locked with the rest of the batch's, in
 *     ascending id order
 * @param settles the hold or withdrawal row the plan moves on, locked after the accounts; {@code
 *     null} when the plan settles none
 * @param original the transaction this one reverses or refunds, or {@code null}
 * @param reason the operator's reason, or {@code null}
 * @param details the client's reference, description and metadata, stored with the transaction
 * @param uniqueReference the reference no other deposit of its currency may carry, or {@code null}
 * @param trace the caller's trace, set by the posting strategy on the caller's thread; the posted
 *     transaction's event continues it
 */
record PostingRequest(
    Caller caller,
    IdempotencyKey idempotencyKey,
    RequestFingerprint fingerprint,
    TransactionType type,
    SortedSet<AccountId> accountIds,
    SettledRow settles,
    TransactionId original,
    String reason,
    PostingPlan plan,
    TransactionDetails details,
    UniqueReference uniqueReference,
    TraceContext trace) {

  PostingRequest {
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(accountIds, "accountIds");
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(details, "details");
    Objects.requireNonNull(trace, "trace");
  }

  /** A request without client details. */
  PostingRequest(
      Caller caller,
      IdempotencyKey idempotencyKey,
      RequestFingerprint fingerprint,
      TransactionType type,
      SortedSet<AccountId> accountIds,
      SettledRow settles,
      TransactionId original,
      String reason,
      PostingPlan plan) {
    this(
        caller,
        idempotencyKey,
        fingerprint,
        type,
        accountIds,
        settles,
        original,
        reason,
        plan,
        TransactionDetails.NONE,
        null,
        TraceContext.NONE);
  }

  /** This request carrying the client's details and, for a deposit, its unique reference. */
  PostingRequest withDetails(TransactionDetails clientDetails, UniqueReference unique) {
    return new PostingRequest(
        caller,
        idempotencyKey,
        fingerprint,
        type,
        accountIds,
        settles,
        original,
        reason,
        plan,
        clientDetails,
        unique,
        trace);
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
        type,
        accountIds,
        settles,
        original,
        reason,
        plan,
        details,
        uniqueReference,
        callerTrace);
  }

  /** A request that settles no bank-flow row, reverses nothing and gives no reason. */
  static PostingRequest of(
      Caller caller,
      IdempotencyKey idempotencyKey,
      RequestFingerprint fingerprint,
      TransactionType type,
      SortedSet<AccountId> accountIds,
      PostingPlan plan) {
    return new PostingRequest(
        caller, idempotencyKey, fingerprint, type, accountIds, null, null, null, plan);
  }

  ClaimKey claimKey() {
    return new ClaimKey(caller.principalId(), idempotencyKey);
  }

  /** The bank-flow row a posting moves on: a hold or a withdrawal, named by its id. */
  sealed interface SettledRow {

    TransactionId id();

    record HoldRow(TransactionId id) implements SettledRow {}

    record WithdrawalRow(TransactionId id) implements SettledRow {}
  }
}
