package dev.ewallet.ledger.application;

import dev.ewallet.ledger.application.PostingOutcome.Posted;
import dev.ewallet.ledger.application.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.PostingOutcome.Replayed;
import dev.ewallet.ledger.application.PostingOutcome.Unknown;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.movement.Movement;
import dev.ewallet.ledger.domain.movement.PostingPlan;
import dev.ewallet.ledger.domain.movement.PostingRules;
import dev.ewallet.ledger.domain.movement.RowChange;
import dev.ewallet.ledger.domain.movement.SettledRow;
import dev.ewallet.ledger.domain.movement.Undone;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AccountUpdate;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The one posting path: posts a batch of requests (one, when posting inline) in one unit of work,
 * each keeping its own outcome. The steps: find earlier claims of the batch's keys (replays), lock
 * every account the batch's movements name with one statement in ascending id order and then the
 * hold and withdrawal rows they settle, read the locked wallets' outgoing allowances and what has
 * undone the originals of its reversals and refunds, plan each movement in arrival order against
 * the rows as the batch has changed them so far (each entry extending its account's hash chain in
 * memory, each debit spending from its wallet's allowance), claim the keys of the requests that
 * passed (in key order), write one balance and chain-end update per account, the entries, the
 * outbox events and the bank-flow rows, commit. A rejected request claims nothing, so its key stays
 * free. Holds no thread and no state. Every rule of a movement is the movement's ({@link
 * Movement#plan}); this class only runs them.
 *
 * <p>Failures: a transient one (a key claimed concurrently elsewhere, or the database aborting the
 * transaction for a deadlock or serialization failure) runs the same requests again, by the one
 * retry loop ({@link Attempts}), which refuses them as overloaded after its last attempt: nothing
 * was posted. A database that does not answer in time, or a connection lost during the commit,
 * answers every request at once (nothing posted, or unknown when the commit was under way):
 * splitting would only make each half wait for the database again. Any other failure of several
 * requests splits them in halves, so that a bad request fails alone. ADR 0009, ADR 0010.
 */
final class BatchPoster {

  private static final Comparator<JournalClaim> CLAIM_ORDER =
      Comparator.comparingLong(JournalClaim::principalId)
          .thenComparing(claim -> claim.idempotencyKey().value());

  private record Passed(PostingRequest request, PostingPlan plan, List<BalanceChange> changes) {

    JournalTransaction transaction() {
      return plan.transaction();
    }
  }

  /** A concurrent request claimed a key of the batch between our read and our claim. */
  private static final class ClaimRace extends TransientConflictException {
    ClaimRace() {
      super("an idempotency key of the batch was claimed concurrently", null);
    }
  }

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final LedgerEventOutbox outbox;
  private final HoldRepository holds;
  private final WithdrawalRepository withdrawals;
  private final UnitOfWork unitOfWork;
  private final PostingRules rules;
  private final OutgoingLimits outgoing;
  private final Clock clock;

  BatchPoster(LedgerPorts ports, PostingRules rules, OutgoingLimits outgoing, Clock clock) {
    this.accounts = ports.accounts();
    this.journal = ports.journal();
    this.outbox = ports.outbox();
    this.holds = ports.holds();
    this.withdrawals = ports.withdrawals();
    this.unitOfWork = ports.unitOfWork();
    this.rules = rules;
    this.outgoing = outgoing;
    this.clock = clock;
  }

  /**
   * Posts the requests and returns exactly one outcome per request, in their order. A key that
   * appears twice is posted in a second round, after the first occurrence's outcome is committed:
   * exactly what posting the two requests one after the other would give.
   */
  List<PostingOutcome> post(List<PostingRequest> batch) {
    Map<PostingRequest, PostingOutcome> outcomes = new IdentityHashMap<>();
    List<PostingRequest> remaining = batch;
    while (!remaining.isEmpty()) {
      Set<ClaimKey> seen = new HashSet<>();
      List<PostingRequest> round = new ArrayList<>();
      List<PostingRequest> later = new ArrayList<>();
      for (PostingRequest request : remaining) {
        (seen.add(request.claimKey()) ? round : later).add(request);
      }
      postRound(round, outcomes);
      remaining = later;
    }
    List<PostingOutcome> inOrder = new ArrayList<>(batch.size());
    for (PostingRequest request : batch) {
      PostingOutcome outcome = outcomes.get(request);
      if (outcome == null) {
        throw new IllegalStateException("no outcome for the request under " + request.claimKey());
      }
      inOrder.add(outcome);
    }
    return inOrder;
  }

  /**
   * Posts the round in parts, at first all of it, each in one unit of work run by the one retry
   * loop ({@link Attempts}); see the class comment for what each failure gives.
   */
  private void postRound(List<PostingRequest> round, Map<PostingRequest, PostingOutcome> outcomes) {
    Deque<List<PostingRequest>> parts = new ArrayDeque<>();
    parts.push(round);
    while (!parts.isEmpty()) {
      List<PostingRequest> part = parts.pop();
      try {
        outcomes.putAll(Attempts.inTransaction(unitOfWork, () -> postInTransaction(part)));
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

  private Map<PostingRequest, PostingOutcome> postInTransaction(List<PostingRequest> round) {
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
    WorkingRows working = lock(fresh);
    // Read after the locks, so that an account's entries are in time order as they are in posting
    // order. Storage keeps microseconds: truncating makes every reply equal what a later read
    // returns.
    Instant now = working.postingTime(clock.instant().truncatedTo(ChronoUnit.MICROS));
    loadAllowances(working, now);
    loadUndone(fresh, working);
    List<Passed> passed = new ArrayList<>();
    for (PostingRequest request : fresh) {
      try {
        passed.add(apply(request, working, now));
      } catch (LedgerException rejected) {
        outcomes.put(request, new Rejected(rejected));
      }
    }
    claim(passed, now);
    write(passed, working, now);
    passed.forEach(
        p -> outcomes.put(p.request(), new Posted(p.transaction(), p.plan().feeMinor())));
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

  /** Accounts first, in one statement in ascending id order; then holds; then withdrawals. */
  private WorkingRows lock(List<PostingRequest> fresh) {
    SortedSet<AccountId> accountIds = new TreeSet<>();
    SortedSet<TransactionId> holdIds = new TreeSet<>();
    SortedSet<TransactionId> withdrawalIds = new TreeSet<>();
    for (PostingRequest request : fresh) {
      Movement movement = request.movement();
      accountIds.addAll(movement.accountsToLock());
      switch (movement.settles()) {
        case SettledRow.HoldRow hold -> holdIds.add(hold.id());
        case SettledRow.WithdrawalRow withdrawal -> withdrawalIds.add(withdrawal.id());
        case null -> {}
      }
    }
    WorkingRows locked = new WorkingRows();
    if (!accountIds.isEmpty()) {
      accounts.lockForUpdate(accountIds).forEach(locked::put);
    }
    if (!holdIds.isEmpty()) {
      holds.lockHolds(holdIds).forEach(locked::put);
    }
    if (!withdrawalIds.isEmpty()) {
      withdrawals.lockWithdrawals(withdrawalIds).forEach(locked::put);
    }
    return locked;
  }

  /**
   * The outgoing allowance of every wallet the batch locked, for the UTC day and month of its
   * posting time: the wallet's own limits or its currency's defaults, and what has left it, read
   * with the rows locked so that no other batch can spend from it meanwhile.
   */
  private void loadAllowances(WorkingRows working, Instant now) {
    List<Account> wallets =
        working.accounts().values().stream().filter(a -> a.kind().isWallet()).toList();
    if (wallets.isEmpty()) {
      return;
    }
    Map<AccountId, OutgoingUsage> usage =
        accounts.outgoing(wallets.stream().map(Account::id).toList(), day(now));
    for (Account wallet : wallets) {
      working.loaded(
          wallet.id(),
          outgoing.allowance(
              wallet.currency(), usage.getOrDefault(wallet.id(), OutgoingUsage.NONE)));
    }
  }

  /**
   * What has undone each original the batch's reversals and refunds name, read with the original's
   * accounts locked: every undo of a transaction locks them too, so one committed meanwhile is
   * seen.
   */
  private void loadUndone(List<PostingRequest> fresh, WorkingRows working) {
    Set<TransactionId> originals = new HashSet<>();
    for (PostingRequest request : fresh) {
      TransactionId original = request.movement().undoes();
      if (original != null && originals.add(original)) {
        boolean reversed =
            journal.findById(original).map(PostedTransaction::reversedBy).isPresent();
        working.put(original, new Undone(reversed, journal.refundedMinor(original)));
      }
    }
  }

  private static LocalDate day(Instant at) {
    return LocalDate.ofInstant(at, ZoneOffset.UTC);
  }

  /**
   * One request against the rows as the batch has left them so far; all or nothing. The storage is
   * written only once the whole batch is planned.
   */
  private Passed apply(PostingRequest request, WorkingRows working, Instant now) {
    Movement movement = request.movement();
    SortedSet<AccountId> named = movement.accountsToLock();
    for (AccountId id : named) {
      if (!working.locked(id)) {
        throw new AccountNotFoundException(id.value());
      }
    }
    PostingPlan plan = movement.plan(working, rules, TransactionId.random(), now);
    JournalTransaction transaction = plan.transaction();
    if (transaction.type() != movement.type()) {
      throw new IllegalStateException("a " + movement.type() + " planned " + transaction);
    }
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
              .next(transaction.id().value(), account.id(), posting.amount(), after, now);
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
      }
    }
    TransactionId original = movement.undoes();
    if (original != null) {
      working.put(original, working.undone(original).after(transaction));
    }
    return new Passed(request, plan, changes);
  }

  /**
   * Claims in one statement, in key order: two batches claiming overlapping keys then wait for each
   * other in the same order, so their unique-index waits cannot deadlock.
   */
  private void claim(List<Passed> passed, Instant now) {
    List<JournalClaim> claims =
        passed.stream()
            .map(p -> {
              PostingRequest request = p.request();
              return new JournalClaim(
                  p.transaction().id(),
                  p.transaction().type(),
                  request.caller().principalId(),
                  request.idempotencyKey(),
                  request.fingerprint(),
                  request.movement().undoes(),
                  request.movement().reason(),
                  now,
                  request.details(),
                  request.uniqueReference(),
                  p.plan().feeMinor());
            })
            .sorted(CLAIM_ORDER)
            .toList();
    if (!claims.isEmpty() && journal.claimAll(claims).size() != claims.size()) {
      throw new ClaimRace();
    }
  }

  /**
   * One balance update per account (the batch's net change), checked against the balances the plans
   * reached: if storage disagrees, something outside this path changed a locked balance, and
   * committing would hide it. Then every entry and every event in one statement each, and the
   * bank-flow rows the plans placed or moved on.
   */
  private void write(List<Passed> passed, WorkingRows working, Instant now) {
    if (passed.isEmpty()) {
      return;
    }
    Map<AccountId, Money> net = new LinkedHashMap<>();
    passed.forEach(
        p -> p.changes().forEach(c -> net.merge(c.accountId(), c.amount(), Money::plus)));
    List<AccountUpdate> updates =
        net.entrySet().stream()
            .map(e ->
                new AccountUpdate(
                    e.getKey(),
                    e.getValue(),
                    working.chainEndWhenLocked(e.getKey()),
                    working.account(e.getKey()).lastHash()))
            .toList();
    for (BalanceChange applied : accounts.applyPostings(updates, now)) {
      Account expected = working.account(applied.accountId());
      if (!applied.balanceAfter().equals(expected.balance())
          || !applied.hash().equals(expected.lastHash())) {
        throw new IllegalStateException(
            "storage applied " + applied + ", the batch expected " + expected);
      }
    }
    journal.appendEntries(
        passed.stream()
            .map(p ->
                new TransactionChanges(p.transaction().id(), p.transaction().type(), p.changes()))
            .toList(),
        now);
    outbox.appendAll(
        passed.stream()
            .map(p -> LedgerEvent.posted(p.transaction(), p.changes(), p.request().trace()))
            .toList());
    for (Passed p : passed) {
      p.plan().rowChanges().forEach(this::store);
    }
    if (!working.allowancesChanged().isEmpty()) {
      accounts.recordOutgoing(working.allowancesChanged(), day(now));
    }
  }

  private void store(RowChange change) {
    switch (change) {
      case RowChange.HoldPlaced placed -> holds.insertHold(placed.hold());
      case RowChange.HoldSettled settled -> holds.updateHold(settled.hold());
      case RowChange.WithdrawalRequested requested ->
          withdrawals.insertWithdrawal(requested.withdrawal());
      case RowChange.WithdrawalSettled settled ->
          withdrawals.updateWithdrawal(settled.withdrawal());
    }
  }
}
