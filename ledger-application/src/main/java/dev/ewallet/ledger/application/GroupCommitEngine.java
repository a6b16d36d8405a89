package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.deadline.RequestDeadline;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.PostingWriters;
import dev.ewallet.ledger.domain.port.in.PostingWritersQuery;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.PostingBatchMetrics;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Group commit: transfers queue up, and a writer posts whatever is queued (up to {@code maxBatch},
 * no timer, so a quiet service adds no delay) in one database transaction, with set-based
 * statements, each transfer keeping its own outcome. The steps, in one unit of work: find earlier
 * claims of the batch's keys (replays), lock every account with one statement in ascending id
 * order, apply the transfers in arrival order in memory through the same rules as one-by-one
 * posting, claim the keys of the transfers that passed, write balances, entries and outbox rows,
 * commit; only then answer each caller. A rejected transfer claims nothing, so its key stays free.
 *
 * <p>Failures: a key claimed concurrently elsewhere makes the batch run again (it then replays). A
 * database that does not answer in time, or a connection lost during the commit, answers every
 * transfer of the batch at once (503 OVERLOADED, or OUTCOME_UNKNOWN when the commit was under way):
 * splitting it would only make each half wait for the database again. Any other failure of the
 * whole batch splits it in halves, recursively, so a bad transfer fails alone. A writer that dies
 * answers the transfers it held as unknown and is replaced. ADR 0009, ADR 0010.
 */
public final class GroupCommitEngine implements AutoCloseable, PostingWritersQuery {

  private static final System.Logger LOG = System.getLogger(GroupCommitEngine.class.getName());

  private static final int CLAIM_RACE_ATTEMPTS = 3;

  private static final Comparator<JournalClaim> CLAIM_ORDER =
      Comparator.comparingLong(JournalClaim::principalId)
          .thenComparing(claim -> claim.idempotencyKey().value());

  private record Pending(
      TransferFundsCommand command, CompletableFuture<PostingReceipt> result, long enqueuedNanos) {

    ClaimKey key() {
      return new ClaimKey(command.caller().principalId(), command.idempotencyKey());
    }
  }

  private record Passed(
      Pending pending, JournalTransaction transaction, List<BalanceChange> changes) {}

  /** A concurrent request claimed a key of the batch between our read and our claim. */
  private static final class ClaimRace extends RuntimeException {
    ClaimRace() {
      super("an idempotency key of the batch was claimed concurrently", null, false, false);
    }
  }

  private final LinkedBlockingDeque<Pending> queue = new LinkedBlockingDeque<>();
  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final LedgerEventOutbox outbox;
  private final UnitOfWork unitOfWork;
  private final PostingBatchMetrics metrics;
  private final Clock clock;
  private final GroupCommitSettings settings;
  private final AmountLimits limits;
  private final List<Thread> writers = new ArrayList<>();
  private final AtomicInteger alive = new AtomicInteger();
  private final AtomicLong deaths = new AtomicLong();
  private volatile boolean running;

  GroupCommitEngine(
      LedgerPorts ports,
      PostingBatchMetrics metrics,
      Clock clock,
      GroupCommitSettings settings,
      AmountLimits limits) {
    this.accounts = ports.accounts();
    this.journal = ports.journal();
    this.outbox = ports.outbox();
    this.unitOfWork = ports.unitOfWork();
    this.metrics = metrics;
    this.clock = clock;
    this.settings = settings;
    this.limits = limits;
  }

  /**
   * Starts the writers; transfers submitted before wait for them. Writers are platform threads:
   * every transfer waits on them, so they must not queue for a carrier behind the virtual threads
   * of the requests they serve, which on a small machine could hold up every statement of a batch,
   * and with it the batch's row locks, behind the requests' CPU work.
   */
  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    for (int slot = 0; slot < settings.writers(); slot++) {
      writers.add(newWriter(slot));
    }
  }

  private Thread newWriter(int slot) {
    return Thread.ofPlatform().name("posting-writer-" + slot).daemon().start(() -> writeLoop(slot));
  }

  /** Stops the writers after their current batch; transfers still queued are refused. */
  @Override
  public void close() {
    List<Thread> stopping;
    synchronized (this) {
      running = false;
      stopping = List.copyOf(writers);
      writers.clear();
    }
    // Joined outside the lock, which a writer dying meanwhile takes to see it must not be replaced.
    stopping.forEach(Thread::interrupt);
    for (Thread writer : stopping) {
      try {
        writer.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    Pending left;
    while ((left = queue.poll()) != null) {
      left.result()
          .completeExceptionally(
              new OverloadedException("the ledger is shutting down; nothing was posted"));
    }
  }

  @Override
  public PostingWriters writers() {
    return running
        ? new PostingWriters(settings.writers(), alive.get(), deaths.get())
        : new PostingWriters(0, 0, deaths.get());
  }

  /**
   * Posts the transfer in the next batch and waits for its outcome. A transfer no batch has taken
   * within {@code maxQueueWait} is withdrawn from the queue and refused as overloaded; once a batch
   * holds it, it waits for that batch's outcome until {@code maxResultWait} (or the request's own
   * deadline) has passed since it was queued, and is then answered as unknown: the batch may still
   * commit, and a retry with the same key tells.
   */
  PostingReceipt submit(TransferFundsCommand command) {
    Pending pending = queued(command);
    long resultWaitNanos = resultWait().toNanos();
    try {
      try {
        return pending
            .result()
            .get(
                Math.min(settings.maxQueueWait().toNanos(), resultWaitNanos), TimeUnit.NANOSECONDS);
      } catch (TimeoutException notTaken) {
        if (queue.remove(pending)) {
          throw new OverloadedException(
              "no posting batch took the transfer within "
                  + settings.maxQueueWait()
                  + "; nothing was posted");
        }
      }
      long left = pending.enqueuedNanos() + resultWaitNanos - System.nanoTime();
      return pending.result().get(Math.max(0, left), TimeUnit.NANOSECONDS);
    } catch (TimeoutException inFlight) {
      throw new OutcomeUnknownException(
          "the transfer's posting batch had not finished when the request's time ran out; retry"
              + " with the same Idempotency-Key to learn the outcome");
    } catch (ExecutionException failed) {
      if (failed.getCause() instanceof RuntimeException answer) {
        throw answer;
      }
      throw new IllegalStateException(failed.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OutcomeUnknownException(
          "interrupted while the transfer's batch was in flight; retry with the same"
              + " Idempotency-Key to learn the outcome");
    }
  }

  private Duration resultWait() {
    Duration configured = settings.maxResultWait();
    return RequestDeadline.remaining()
        .filter(left -> left.compareTo(configured) < 0)
        .orElse(configured);
  }

  /** Queues a transfer; the future completes when its batch has committed (or refused it). */
  CompletableFuture<PostingReceipt> enqueue(TransferFundsCommand command) {
    return queued(command).result();
  }

  private Pending queued(TransferFundsCommand command) {
    Pending pending = new Pending(command, new CompletableFuture<>(), System.nanoTime());
    queue.add(pending);
    return pending;
  }

  private void writeLoop(int slot) {
    alive.incrementAndGet();
    List<Pending> batch = List.of();
    try {
      while (running) {
        batch = new ArrayList<>();
        try {
          batch.add(queue.take());
        } catch (InterruptedException stopping) {
          return;
        }
        queue.drainTo(batch, settings.maxBatch() - 1);
        post(batch);
      }
    } catch (Throwable death) {
      died(slot, batch, death);
    } finally {
      alive.decrementAndGet();
    }
  }

  /**
   * A writer died mid-batch (an {@code Error}, or a bug past the batch's own handling). Its
   * transfers may or may not have committed, so each one not yet answered is answered as unknown; a
   * retry with the same key tells. Then a new writer takes its slot.
   */
  private void died(int slot, List<Pending> batch, Throwable death) {
    deaths.incrementAndGet();
    LOG.log(Level.ERROR, "posting writer " + slot + " died; replacing it", death);
    OutcomeUnknownException unknown =
        new OutcomeUnknownException(
            "the posting writer holding the transfer failed; retry with the same Idempotency-Key"
                + " to learn the outcome");
    batch.forEach(pending -> pending.result().completeExceptionally(unknown));
    synchronized (this) {
      if (running) {
        writers.set(slot, newWriter(slot));
      }
    }
  }

  /** Posts what is queued now, up to one batch, on the caller's thread (for tests). */
  void postQueued() {
    List<Pending> batch = new ArrayList<>();
    queue.drainTo(batch, settings.maxBatch());
    if (!batch.isEmpty()) {
      post(batch);
    }
  }

  /**
   * Posts one batch and answers every transfer in it. A key that appears twice waits for the next
   * batch, where the first occurrence's outcome is committed: exactly what one-by-one posting of
   * the two requests would give.
   */
  private void post(List<Pending> batch) {
    Set<ClaimKey> seen = new HashSet<>();
    List<Pending> unique = new ArrayList<>();
    List<Pending> later = new ArrayList<>();
    for (Pending pending : batch) {
      (seen.add(pending.key()) ? unique : later).add(pending);
    }
    postOrSplit(unique);
    for (int i = later.size() - 1; i >= 0; i--) {
      queue.addFirst(later.get(i));
    }
  }

  private void postOrSplit(List<Pending> batch) {
    long started = System.nanoTime();
    try {
      Map<Pending, Object> outcomes = postWithRetries(batch);
      metrics.recordBatch(
          batch.size(), started - batch.getFirst().enqueuedNanos(), System.nanoTime() - started);
      outcomes.forEach(GroupCommitEngine::answer);
    } catch (OverloadedException | OutcomeUnknownException databaseUnavailable) {
      batch.forEach(pending -> pending.result().completeExceptionally(databaseUnavailable));
    } catch (RuntimeException failure) {
      if (batch.size() == 1) {
        batch.getFirst().result().completeExceptionally(failure);
        return;
      }
      int half = batch.size() / 2;
      postOrSplit(batch.subList(0, half));
      postOrSplit(batch.subList(half, batch.size()));
    }
  }

  private static void answer(Pending pending, Object outcome) {
    if (outcome instanceof PostingReceipt receipt) {
      pending.result().complete(receipt);
    } else {
      pending.result().completeExceptionally((RuntimeException) outcome);
    }
  }

  private Map<Pending, Object> postWithRetries(List<Pending> batch) {
    for (int attempt = 1; ; attempt++) {
      try {
        return unitOfWork.inTransaction(() -> postInTransaction(batch));
      } catch (ClaimRace race) {
        if (attempt == CLAIM_RACE_ATTEMPTS) {
          throw race;
        }
      }
    }
  }

  private Map<Pending, Object> postInTransaction(List<Pending> batch) {
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    Map<Pending, Object> outcomes = new LinkedHashMap<>();
    Map<ClaimKey, IdempotencyRecord> earlier =
        journal.findClaims(batch.stream().map(Pending::key).toList());
    Map<Pending, AccountId> fresh = new LinkedHashMap<>();
    for (Pending pending : batch) {
      IdempotencyRecord record = earlier.get(pending.key());
      if (record == null) {
        fresh.put(pending, TransferService.creditTarget(accounts, pending.command()));
      } else {
        outcomes.put(pending, replay(pending, record));
      }
    }
    Map<AccountId, Account> working = lock(fresh);
    List<Passed> passed = new ArrayList<>();
    fresh.forEach((pending, credited) -> {
      try {
        passed.add(applyInMemory(pending, credited, working, now));
      } catch (LedgerException rejected) {
        outcomes.put(pending, rejected);
      }
    });
    claim(passed, now);
    write(passed, working, now);
    passed.forEach(p ->
        outcomes.put(
            p.pending(),
            new PostingReceipt(p.transaction().id(), TransactionType.TRANSFER, false)));
    return outcomes;
  }

  private static Object replay(Pending pending, IdempotencyRecord record) {
    if (!record.fingerprint().equals(pending.command().fingerprint())) {
      return new IdempotencyKeyReusedException(pending.command().idempotencyKey().value());
    }
    return new PostingReceipt(record.transactionId(), record.type(), true);
  }

  private Map<AccountId, Account> lock(Map<Pending, AccountId> fresh) {
    SortedSet<AccountId> ids = new TreeSet<>();
    fresh.forEach((pending, credited) -> {
      ids.add(pending.command().fromAccountId());
      ids.add(credited);
    });
    Map<AccountId, Account> working = new HashMap<>();
    if (!ids.isEmpty()) {
      accounts.lockForUpdate(ids).forEach(account -> working.put(account.id(), account));
    }
    return working;
  }

  /** One transfer against the balances the batch has reached so far; all or nothing. */
  private Passed applyInMemory(
      Pending pending, AccountId credited, Map<AccountId, Account> working, Instant now) {
    TransferFundsCommand command = pending.command();
    for (AccountId id : new TreeSet<>(List.of(command.fromAccountId(), credited))) {
      if (!working.containsKey(id)) {
        throw new AccountNotFoundException(id.value());
      }
    }
    JournalTransaction transaction =
        TransferService.plan(command, credited, limits).build(working, TransactionId.random(), now);
    List<BalanceChange> changes = new ArrayList<>();
    for (Posting posting : transaction.postings()) {
      Account account = working.get(posting.accountId());
      changes.add(
          new BalanceChange(
              account.id(), posting.amount(), account.balanceAfter(posting.amount())));
    }
    changes.forEach(
        c -> working.put(c.accountId(), working.get(c.accountId()).withBalance(c.balanceAfter())));
    return new Passed(pending, transaction, changes);
  }

  /**
   * Claims in one statement, in key order: two writers claiming overlapping keys then wait for each
   * other in the same order, so their unique-index waits cannot deadlock.
   */
  private void claim(List<Passed> passed, Instant now) {
    List<JournalClaim> claims =
        passed.stream()
            .map(p ->
                new JournalClaim(
                    p.transaction().id(),
                    TransactionType.TRANSFER,
                    p.pending().command().caller().principalId(),
                    p.pending().command().idempotencyKey(),
                    p.pending().command().fingerprint(),
                    null,
                    null,
                    now))
            .sorted(CLAIM_ORDER)
            .toList();
    if (journal.claimAll(claims).size() != claims.size()) {
      throw new ClaimRace();
    }
  }

  /**
   * One balance update per account (the batch's net change), checked against the balances the
   * in-memory pass reached, then every entry and every event in one statement each.
   */
  private void write(List<Passed> passed, Map<AccountId, Account> working, Instant now) {
    if (passed.isEmpty()) {
      return;
    }
    Map<AccountId, Money> net = new LinkedHashMap<>();
    passed.forEach(
        p -> p.changes().forEach(c -> net.merge(c.accountId(), c.amount(), Money::plus)));
    List<Posting> updates =
        net.entrySet().stream().map(e -> new Posting(e.getKey(), e.getValue())).toList();
    for (BalanceChange applied : accounts.applyPostings(updates)) {
      if (!applied.balanceAfter().equals(working.get(applied.accountId()).balance())) {
        throw new IllegalStateException(
            "storage applied "
                + applied
                + ", the batch expected "
                + working.get(applied.accountId()).balance());
      }
    }
    journal.appendEntries(
        passed.stream()
            .map(p -> new TransactionChanges(p.transaction().id(), p.changes()))
            .toList(),
        now);
    outbox.appendAll(
        passed.stream().map(p -> LedgerEvent.posted(p.transaction(), p.changes())).toList());
  }
}
