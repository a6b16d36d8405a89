package dev.ewallet.ledger.application;

import dev.ewallet.ledger.application.Planned.RowChange;
import dev.ewallet.ledger.application.PostingOutcome.Posted;
import dev.ewallet.ledger.application.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.PostingOutcome.Replayed;
import dev.ewallet.ledger.application.PostingOutcome.Unknown;
import dev.ewallet.ledger.application.PostingRequest.SettledRow;
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
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingLimits;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.money.Money;
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
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
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
 * every account of the batch with one statement in ascending id order and then the hold and
 * withdrawal rows the batch settles, read the locked wallets' outgoing allowances, run each plan in
 * arrival order against the rows as the batch has changed them so far (each entry extending its
 * account's hash chain in memory, each debit spending from its wallet's allowance), claim the keys
 * of the requests that passed (in key order), write one balance and chain-end update per account,
 * the entries, the outbox events and the bank-flow rows, commit. A rejected request claims nothing,
 * so its key stays free. Holds no thread and no state.
 *
 * <p>Failures: a key claimed concurrently elsewhere makes the batch run again (it then replays). A
 * database that does not answer in time, or a connection lost during the commit, answers every
 * request of the batch at once (nothing posted, or unknown when the commit was under way):
 * splitting it would only make each half wait for the database again. Any other failure of the
 * whole batch splits it in halves, recursively, so a bad request fails alone. ADR 0009, ADR 0010.
 */
final class BatchPoster {

  private static final int CLAIM_RACE_ATTEMPTS = 3;

  private static final Comparator<JournalClaim> CLAIM_ORDER =
      Comparator.comparingLong(JournalClaim::principalId)
          .thenComparing(claim -> claim.idempotencyKey().value());

  private record Passed(
      PostingRequest request,
      JournalTransaction transaction,
      List<BalanceChange> changes,
      List<RowChange> rowChanges,
      long feeMinor) {}

  /** A concurrent request claimed a key of the batch between our read and our claim. */
  private static final class ClaimRace extends RuntimeException {
    ClaimRace() {
      super("an idempotency key of the batch was claimed concurrently", null, false, false);
    }
  }

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final LedgerEventOutbox outbox;
  private final HoldRepository holds;
  private final WithdrawalRepository withdrawals;
  private final UnitOfWork unitOfWork;
  private final OutgoingLimits outgoing;
  private final Clock clock;

  BatchPoster(LedgerPorts ports, OutgoingLimits outgoing, Clock clock) {
    this.accounts = ports.accounts();
    this.journal = ports.journal();
    this.outbox = ports.outbox();
    this.holds = ports.holds();
    this.withdrawals = ports.withdrawals();
    this.unitOfWork = ports.unitOfWork();
    this.outgoing = outgoing;
    this.clock = clock;
  }

  /**
   * Posts the requests and returns one outcome per request, in their order. A key that appears
   * twice is posted in a second round, after the first occurrence's outcome is committed: exactly
   * what posting the two requests one after the other would give.
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
      postOrSplit(round, outcomes);
      remaining = later;
    }
    return batch.stream().map(outcomes::get).toList();
  }

  private void postOrSplit(
      List<PostingRequest> round, Map<PostingRequest, PostingOutcome> outcomes) {
    try {
      outcomes.putAll(postWithRetries(round));
    } catch (OverloadedException nothingPosted) {
      round.forEach(request -> outcomes.put(request, new Rejected(nothingPosted)));
    } catch (OutcomeUnknownException unknown) {
      round.forEach(request -> outcomes.put(request, new Unknown(unknown)));
    } catch (RuntimeException failure) {
      if (round.size() == 1) {
        outcomes.put(round.getFirst(), new Rejected(failure));
        return;
      }
      int half = round.size() / 2;
      postOrSplit(round.subList(0, half), outcomes);
      postOrSplit(round.subList(half, round.size()), outcomes);
    }
  }

  private Map<PostingRequest, PostingOutcome> postWithRetries(List<PostingRequest> round) {
    for (int attempt = 1; ; attempt++) {
      try {
        return unitOfWork.inTransaction(() -> postInTransaction(round));
      } catch (ClaimRace race) {
        if (attempt == CLAIM_RACE_ATTEMPTS) {
          throw race;
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
    LockedRows working = lock(fresh);
    // Read after the locks, so that an account's entries are in time order as they are in posting
    // order. Storage keeps microseconds: truncating makes every reply equal what a later read
    // returns.
    Instant now = working.postingTime(clock.instant().truncatedTo(ChronoUnit.MICROS));
    loadAllowances(working, now);
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
    passed.forEach(p -> outcomes.put(p.request(), new Posted(p.transaction(), p.feeMinor())));
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
  private LockedRows lock(List<PostingRequest> fresh) {
    SortedSet<AccountId> accountIds = new TreeSet<>();
    SortedSet<TransactionId> holdIds = new TreeSet<>();
    SortedSet<TransactionId> withdrawalIds = new TreeSet<>();
    for (PostingRequest request : fresh) {
      accountIds.addAll(request.accountIds());
      switch (request.settles()) {
        case SettledRow.HoldRow hold -> holdIds.add(hold.id());
        case SettledRow.WithdrawalRow withdrawal -> withdrawalIds.add(withdrawal.id());
        case null -> {}
      }
    }
    LockedRows locked = new LockedRows();
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
  private void loadAllowances(LockedRows working, Instant now) {
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

  private static LocalDate day(Instant at) {
    return LocalDate.ofInstant(at, ZoneOffset.UTC);
  }

  /**
   * What the postings do to their wallets' outgoing allowances: a debit of a wallet in a
   * transaction that moves money anew spends from it (refused past a limit), a credit to a wallet
   * in a reversal or refund gives back what was spent within the same windows.
   */
  private static Map<AccountId, OutgoingAllowance> allowancesAfter(
      Planned planned, List<BalanceChange> changes, LockedRows working, Instant now) {
    Map<AccountId, OutgoingAllowance> after = new LinkedHashMap<>();
    for (BalanceChange change : changes) {
      OutgoingAllowance allowance = working.allowance(change.accountId());
      if (allowance == null) {
        continue;
      }
      long amount = change.amount().amountMinor();
      if (amount < 0 && planned.transaction().type().movesMoneyAnew()) {
        after.put(change.accountId(), allowance.spend(-amount));
      } else if (amount > 0 && planned.undoesSpentAt() != null) {
        after.put(change.accountId(), allowance.giveBack(amount, planned.undoesSpentAt(), now));
      }
    }
    return after;
  }

  /**
   * One request against the rows as the batch has left them so far; all or nothing. The storage is
   * written only once the whole batch is planned.
   */
  private static Passed apply(PostingRequest request, LockedRows working, Instant now) {
    for (AccountId id : request.accountIds()) {
      if (working.account(id) == null) {
        throw new AccountNotFoundException(id.value());
      }
    }
    Planned planned = request.plan().build(working, TransactionId.random(), now);
    List<BalanceChange> changes = new ArrayList<>();
    for (Posting posting : planned.transaction().postings()) {
      if (!request.accountIds().contains(posting.accountId())) {
        throw new IllegalStateException("posting to unlocked account " + posting.accountId());
      }
      Account account = working.account(posting.accountId());
      Money after = planned.transaction().balanceAfter(account, posting);
      EntryHash hash =
          account
              .lastHash()
              .next(planned.transaction().id().value(), account.id(), posting.amount(), after, now);
      changes.add(new BalanceChange(account.id(), posting.amount(), after, hash));
    }
    Map<AccountId, OutgoingAllowance> allowances = allowancesAfter(planned, changes, working, now);
    changes.forEach(
        c -> working.put(working.account(c.accountId()).posted(c.balanceAfter(), now, c.hash())));
    allowances.forEach(working::put);
    for (RowChange change : planned.rowChanges()) {
      switch (change) {
        case RowChange.HoldPlaced placed -> working.put(placed.hold());
        case RowChange.HoldSettled settled -> working.put(settled.hold());
        case RowChange.WithdrawalRequested requested -> working.put(requested.withdrawal());
        case RowChange.WithdrawalSettled settled -> working.put(settled.withdrawal());
      }
    }
    return new Passed(
        request, planned.transaction(), changes, planned.rowChanges(), planned.feeMinor());
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
                  request.type(),
                  request.caller().principalId(),
                  request.idempotencyKey(),
                  request.fingerprint(),
                  request.original(),
                  request.reason(),
                  now,
                  request.details(),
                  request.uniqueReference(),
                  p.feeMinor());
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
  private void write(List<Passed> passed, LockedRows working, Instant now) {
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
      p.rowChanges().forEach(this::store);
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
