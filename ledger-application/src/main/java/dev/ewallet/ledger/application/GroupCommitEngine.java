package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
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
import java.time.Clock;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Group commit: transfers queue up, and a writer posts whatever is queued (up to {@code maxBatch},
 * no timer, so a quiet service adds no delay) in one database transaction, with set-based
 * statements, each transfer keeping its own outcome. The steps, in one unit of work: find earlier
 * claims of the batch's keys (replays), lock every account with one statement in ascending id
 * order, apply the transfers in arrival order in memory through the same rules as one-by-one
 * posting, claim the keys of the transfers that passed, write balances, entries and outbox rows,
 * commit; only then answer each caller. A rejected transfer claims nothing, so its key stays free.
 *
 * <p>Failures: a key claimed concurrently elsewhere makes the batch run again (it then replays);
 * any other failure of the whole batch splits it in halves, recursively, so a bad transfer fails
 * alone. A batch whose commit outcome is unknown is simply run again: its committed claims make it
 * replay, so it never posts twice. ADR 0009.
 */
public final class GroupCommitEngine implements AutoCloseable {

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
  private final List<Thread> writers = new ArrayList<>();
  private volatile boolean running;

  GroupCommitEngine(
      LedgerPorts ports, PostingBatchMetrics metrics, Clock clock, GroupCommitSettings settings) {
    this.accounts = ports.accounts();
    this.journal = ports.journal();
    this.outbox = ports.outbox();
    this.unitOfWork = ports.unitOfWork();
    this.metrics = metrics;
    this.clock = clock;
    this.settings = settings;
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
    for (int i = 0; i < settings.writers(); i++) {
      writers.add(Thread.ofPlatform().name("posting-writer-" + i).daemon().start(this::writeLoop));
    }
  }

  /** Stops the writers after their current batch; transfers still queued are refused. */
  @Override
  public synchronized void close() {
    running = false;
    writers.forEach(Thread::interrupt);
    for (Thread writer : writers) {
      try {
        writer.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    writers.clear();
    Pending left;
    while ((left = queue.poll()) != null) {
      left.result().completeExceptionally(new IllegalStateException("the ledger is shutting down"));
    }
  }

  /**
   * Posts the transfer in the next batch and waits for its outcome. A transfer no batch has taken
   * within {@code maxQueueWait} is withdrawn from the queue and refused as overloaded; once a batch
   * holds it, it waits for that batch's commit, whose outcome it then reports.
   */
  PostingReceipt submit(TransferFundsCommand command) {
    Pending pending = queued(command);
    try {
      return pending.result().get(settings.maxQueueWait().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException slow) {
      if (queue.remove(pending)) {
        throw new OverloadedException(
            "no posting batch took the transfer within " + settings.maxQueueWait());
      }
      return outcome(pending.result());
    } catch (ExecutionException e) {
      return outcome(pending.result());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while posting", e);
    }
  }

  private static PostingReceipt outcome(CompletableFuture<PostingReceipt> result) {
    try {
      return result.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
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

  private void writeLoop() {
    while (running) {
      List<Pending> batch = new ArrayList<>();
      try {
        batch.add(queue.take());
      } catch (InterruptedException stopping) {
        return;
      }
      queue.drainTo(batch, settings.maxBatch() - 1);
      post(batch);
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
  private static Passed applyInMemory(
      Pending pending, AccountId credited, Map<AccountId, Account> working, Instant now) {
    TransferFundsCommand command = pending.command();
    for (AccountId id : new TreeSet<>(List.of(command.fromAccountId(), credited))) {
      if (!working.containsKey(id)) {
        throw new AccountNotFoundException(id.value());
      }
    }
    JournalTransaction transaction =
        TransferService.plan(command, credited).build(working, TransactionId.random(), now);
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
