package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.application.posting.PostingOutcome.Posted;
import dev.ewallet.ledger.application.posting.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.posting.PostingOutcome.Replayed;
import dev.ewallet.ledger.application.posting.PostingOutcome.Unknown;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.movement.LockedRows;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.PostingPlan;
import dev.ewallet.ledger.domain.movement.PostingRules;
import dev.ewallet.ledger.domain.movement.RowChange;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;

/**
 * The one posting path: posts a batch of requests (one, when posting inline) in one unit of work,
 * each keeping its own outcome. The steps: find earlier claims of the batch's keys (replays), lock
 * every account the batch's movements name with one statement in ascending id order and then the
 * hold and withdrawal rows they settle, read the locked wallets' outgoing allowances and what has
 * undone the originals of its reversals and refunds, plan each movement in arrival order against
 * the rows as the batch has changed them so far (each entry extending its account's hash chain in
 * memory, each debit spending from its wallet's allowance), claim the keys of the requests that
 * passed (in key order), write one balance and chain-end update per account, the entries, the
 * outbox events and the bank-flow rows, commit, and count the postings each merchant row took for
 * the ledger's own splitting of hot merchants ({@link HotRowMeter}). A rejected request claims
 * nothing, so its key stays free. Holds no thread and no state. Every rule of a movement is the
 * movement's ({@link Movement#plan}); this class only runs them, between {@link BatchLocks} (the
 * locks and what is read under them) and {@link BatchWrites} (the claims and the writes).
 *
 * <p>Failures: a transient one (a key claimed concurrently elsewhere, or the database aborting the
 * transaction for a deadlock or serialization failure) runs the same requests again, by the one
 * retry loop ({@link Attempts}), which refuses them as overloaded after its last attempt: nothing
 * was posted. A database that does not answer in time, or a connection lost during the commit,
 * answers every request at once (nothing posted, or unknown when the commit was under way):
 * splitting would only make each half wait for the database again. Any other failure of several
 * requests splits them in halves, so that a bad request fails alone. ADR 0009, ADR 0010.
 */
public final class BatchPoster {

  private final JournalRepository journal;
  private final AccountRepository accounts;
  private final UnitOfWork unitOfWork;
  private final PostingRules rules;
  private final BatchLocks locks;
  private final BatchWrites writes;
  private final HotRowMeter meter;

  public BatchPoster(
      LedgerPorts ports,
      PostingRules rules,
      OutgoingLimits outgoing,
      HotRowMeter meter,
      Clock clock) {
    this.journal = ports.journal();
    this.accounts = ports.accounts();
    this.unitOfWork = ports.unitOfWork();
    this.rules = rules;
    this.locks = new BatchLocks(ports, outgoing, clock);
    this.writes = new BatchWrites(ports);
    this.meter = meter;
  }

  /**
   * Posts the requests and returns exactly one outcome per request, in their order. A key that
   * appears twice is posted in a second round, after the first occurrence's outcome is committed:
   * exactly what posting the two requests one after the other would give.
   *
   * @param slot the posting writer's slot, which picks the shard serving each sharded system
   *     account the batch may post to on any shard; a caller posting inline passes any number
   */
  List<PostingOutcome> post(List<PostingRequest> batch, int slot) {
    Map<PostingRequest, PostingOutcome> outcomes = new IdentityHashMap<>();
    List<PostingRequest> remaining = batch;
    Map<PostingRequest, PostingRequest> keptInSuspense = new IdentityHashMap<>();
    while (!remaining.isEmpty()) {
      Set<ClaimKey> seen = new HashSet<>();
      List<PostingRequest> round = new ArrayList<>();
      List<PostingRequest> later = new ArrayList<>();
      for (PostingRequest request : remaining) {
        (seen.add(request.claimKey()) ? round : later).add(request);
      }
      postRound(round, slot, outcomes);
      later.addAll(keepingInSuspense(round, outcomes, keptInSuspense));
      remaining = later;
    }
    List<PostingOutcome> inOrder = new ArrayList<>(batch.size());
    for (PostingRequest request : batch) {
      PostingOutcome outcome = outcomes.get(keptInSuspense.getOrDefault(request, request));
      if (outcome == null) {
        throw new IllegalStateException("no outcome for the request under " + request.claimKey());
      }
      inOrder.add(outcome);
    }
    return inOrder;
  }

  /**
   * The round's requests refused because they bring money to a closed wallet that the policy keeps
   * in a suspense account they did not lock, each again with that account locked, for a later round
   * (once: a request that locked one is not posted again); {@code keptInSuspense} maps each to its
   * second request, whose outcome is its answer.
   */
  private List<PostingRequest> keepingInSuspense(
      List<PostingRequest> round,
      Map<PostingRequest, PostingOutcome> outcomes,
      Map<PostingRequest, PostingRequest> keptInSuspense) {
    List<PostingRequest> again = new ArrayList<>();
    for (PostingRequest request : round) {
      if (request.suspense() == null
          && outcomes.get(request) instanceof Rejected(AccountClosedException closed)
          && closed.suspenseCurrency().isPresent()) {
        AccountId suspense =
            accounts.systemAccount(
                AccountKind.SUSPENSE, CurrencyCode.of(closed.suspenseCurrency().get()));
        PostingRequest keeping = request.keepingInSuspense(suspense);
        keptInSuspense.put(request, keeping);
        again.add(keeping);
      }
    }
    return again;
  }

  /**
   * The accounts a group of requests keeps from the other writers' batches in flight ({@link
   * DisjointBatches}): every account its movements name, except the sharded system accounts they
   * may post to on any shard, which each writer serves by a shard of its own.
   */
  Set<AccountId> keptFromOtherBatches(List<PostingRequest> requests) {
    Set<AccountId> kept = new HashSet<>();
    requests.forEach(request -> kept.addAll(locks.keptFromOtherBatches(request)));
    return kept;
  }

  /**
   * Posts the round in parts, at first all of it, each in one unit of work run by the one retry
   * loop ({@link Attempts}); see the class comment for what each failure gives.
   */
  private void postRound(
      List<PostingRequest> round, int slot, Map<PostingRequest, PostingOutcome> outcomes) {
    Deque<List<PostingRequest>> parts = new ArrayDeque<>();
    parts.push(round);
    while (!parts.isEmpty()) {
      List<PostingRequest> part = parts.pop();
      Map<AccountId, Integer> merchantRows = new HashMap<>();
      try {
        outcomes.putAll(
            Attempts.inTransaction(unitOfWork, () -> postInTransaction(part, slot, merchantRows)));
        meter.record(merchantRows);
      } catch (OverloadedException nothingPosted) {
        part.forEach(request -> outcomes.put(request, new Rejected(nothingPosted)));
      } catch (OutcomeUnknownException unknown) {
        part.forEach(request -> outcomes.put(request, new Unknown(unknown)));
      } catch (RuntimeException failure) {
        if (part.size() == 1) {
          outcomes.put(part.getFirst(), new Rejected(failure));
        } else {
          // Isolation, not a retry: the halves run one after the other, the first half first.
          int half = part.size() / 2;
          parts.push(part.subList(half, part.size()));
          parts.push(part.subList(0, half));
        }
      }
    }
  }

  /**
   * Posts the round in the current unit of work; {@code merchantRows} receives how many postings
   * each merchant row took, for the {@link HotRowMeter} once the unit of work has committed.
   */
  private Map<PostingRequest, PostingOutcome> postInTransaction(
      List<PostingRequest> round, int slot, Map<AccountId, Integer> merchantRows) {
    merchantRows.clear();
    Map<PostingRequest, PostingOutcome> outcomes = new LinkedHashMap<>();
    Map<ClaimKey, IdempotencyRecord> earlier =
        journal.findClaims(round.stream().map(PostingRequest::claimKey).toList());
    List<PostingRequest> fresh = new ArrayList<>();
    for (PostingRequest request : round) {
      IdempotencyRecord record = earlier.get(request.claimKey());
      if (record == null) {
        fresh.add(request);
      } else {
        outcomes.put(request, replay(request, record));
      }
    }
    fresh = withoutTakenReferences(fresh, outcomes);
    WorkingRows working = locks.take(fresh, slot);
    Instant now = working.at();
    List<PassedRequest> passed = new ArrayList<>();
    for (PostingRequest request : fresh) {
      try {
        passed.add(apply(request, working, now));
      } catch (LedgerException rejected) {
        outcomes.put(request, new Rejected(rejected));
      }
    }
    writes.claim(passed, now);
    writes.write(passed, working, now);
    for (PassedRequest p : passed) {
      outcomes.put(
          p.request(), new Posted(p.transaction(), p.plan().feeMinor(), p.plan().rowChanges()));
      for (BalanceChange change : p.changes()) {
        if (working.account(change.accountId()).kind().splits()) {
          merchantRows.merge(change.accountId(), 1, Integer::sum);
        }
      }
    }
    return outcomes;
  }

  /**
   * Refuses, before anything is planned, the deposits whose reference a committed deposit carries
   * or an earlier request of this batch does; the journal's unique index still refuses one taken
   * concurrently, which fails the batch and isolates the request by splitting.
   */
  private List<PostingRequest> withoutTakenReferences(
      List<PostingRequest> fresh, Map<PostingRequest, PostingOutcome> outcomes) {
    List<UniqueReference> wanted =
        fresh.stream().map(PostingRequest::uniqueReference).filter(Objects::nonNull).toList();
    if (wanted.isEmpty()) {
      return fresh;
    }
    Set<UniqueReference> taken = new HashSet<>(journal.takenReferences(wanted));
    List<PostingRequest> free = new ArrayList<>();
    for (PostingRequest request : fresh) {
      UniqueReference reference = request.uniqueReference();
      if (reference != null && !taken.add(reference)) {
        outcomes.put(
            request,
            new Rejected(
                new DuplicateReferenceException(
                    reference.currency().value(), reference.reference())));
      } else {
        free.add(request);
      }
    }
    return free;
  }

  private static PostingOutcome replay(PostingRequest request, IdempotencyRecord record) {
    if (!record.fingerprint().equals(request.fingerprint())) {
      return new Rejected(new IdempotencyKeyReusedException(request.idempotencyKey().value()));
    }
    return new Replayed(
        new PostingReceipt(record.transactionId(), record.type(), true, record.feeMinor()));
  }

  /**
   * One request against the rows as the batch has left them so far; all or nothing. The storage is
   * written only once the whole batch is planned.
   */
  private PassedRequest apply(PostingRequest request, WorkingRows working, Instant now) {
    Movement movement = request.movement();
    SortedSet<AccountId> named = working.rowsOf(request);
    for (AccountId id : named) {
      if (!working.locked(id)) {
        throw new AccountNotFoundException(id.value());
      }
    }
    LockedRows seen = working.seenBy(movement);
    PostingPlan plan =
        rules
            .closed()
            .applyTo(
                movement.plan(seen, rules, TransactionId.random(), now),
                seen,
                request.suspense(),
                now);
    JournalTransaction transaction = plan.transaction();
    if (transaction.type() != movement.type()) {
      throw new IllegalStateException("a " + movement.type() + " planned " + transaction);
    }
    DetailsDigest digest = request.details().digest();
    List<BalanceChange> changes = new ArrayList<>();
    for (Posting posting : transaction.postings()) {
      if (!named.contains(posting.accountId())) {
        throw new IllegalStateException("posting to unlocked account " + posting.accountId());
      }
      Account account = working.account(posting.accountId());
      Money after = transaction.balanceAfter(account, posting);
      EntryHash hash =
          account
              .lastHash()
              .next(transaction.id().value(), account.id(), posting.amount(), after, now, digest);
      changes.add(new BalanceChange(account.id(), posting.amount(), after, hash));
    }
    Map<AccountId, OutgoingAllowance> allowances = plan.allowancesAfter(working::allowance, now);
    changes.forEach(
        c -> working.put(working.account(c.accountId()).posted(c.balanceAfter(), now, c.hash())));
    allowances.forEach(working::put);
    for (RowChange change : plan.rowChanges()) {
      switch (change) {
        case RowChange.HoldPlaced placed -> working.put(placed.hold());
        case RowChange.HoldSettled settled -> working.put(settled.hold());
        case RowChange.WithdrawalRequested requested -> working.put(requested.withdrawal());
        case RowChange.WithdrawalSettled settled -> working.put(settled.withdrawal());
        case RowChange.PendingDepositSettled settled -> working.put(settled.pendingDeposit());
        case RowChange.SuspenseBooked booked -> {}
        case RowChange.SuspenseReleased released -> {}
      }
    }
    TransactionId original = movement.undoes();
    if (original != null) {
      working.put(original, working.undone(original).after(transaction));
    }
    return new PassedRequest(request, plan, changes, digest);
  }
}
