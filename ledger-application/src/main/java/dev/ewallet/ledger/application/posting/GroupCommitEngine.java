package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.application.posting.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.posting.PostingOutcome.Unknown;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.in.PostingWriters;
import dev.ewallet.ledger.domain.port.out.PostingBatchMetrics;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import dev.ewallet.ledger.runtime.DeadlineWatch;
import dev.ewallet.ledger.runtime.RequestDeadline;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Group commit: requests queue up, and a writer hands whatever is queued (up to {@code maxBatch},
 * no timer, so a quiet service adds no delay) to the {@link BatchPoster}, which posts them in one
 * database transaction, each request keeping its own outcome; only then is each caller answered.
 * This class owns the queue and the writers' lifecycle; every posting rule lives in the poster. A
 * writer that dies answers the requests it held as unknown and is replaced. A group of requests
 * queued together (a batch of transfers sent in one HTTP request) is never split: one batch takes
 * all of it, alone when it is larger than {@code maxBatch}. ADR 0009, ADR 0010.
 *
 * <p>The writers adapt to the load. One always runs. A request queued while no writer is idle would
 * wait for a busy one; when that wait is expected to be longer than the request would take alone
 * ({@link CommitTimes}, learnt from the batches posted: the soonest busy batch ends later than
 * that, or is already overdue, or more is queued than one batch takes), it starts another writer,
 * up to {@code maxWriters}, so no transfer waits in the queue longer than it would have taken alone
 * while a connection is left for a writer. The decision is taken when the request is queued, from
 * what the writers expect, not by a timer per request: a waiting request parks once, on its
 * outcome. A writer beyond the first stops after {@code writerIdleTimeout} without work. A writer
 * that wakes to a queue other idle writers are waking to as well takes only its share of it, so the
 * batches run side by side instead of one after another. Batches in flight never share an account:
 * a writer takes only the queued groups that share none with another writer's batch, oldest first,
 * and a group left waiting keeps its accounts from younger ones ({@link DisjointBatches}), so two
 * batches never wait on each other's row locks.
 *
 * <p>Why this file is longer than the project's 300 lines: the queue, the waiting callers, the
 * writers' slots and their expected ends are one piece of shared state. Whether a request may be
 * withdrawn from the queue (its deadline), answered as unknown (its batch outlived it), or needs a
 * new writer depends on all of them at once, and every such decision is made under the same guards;
 * split over classes, those guards would have to be shared, and the reasoning with them.
 */
public final class GroupCommitEngine implements PostingStrategy {

  private static final System.Logger LOG = System.getLogger(GroupCommitEngine.class.getName());

  /**
   * Requests queued together (one, or a caller's group) and always posted in one batch. A caller
   * waiting for them gives up when no batch took them by {@code takenBy} or none answered by {@code
   * answeredBy} (System.nanoTime).
   */
  private record Pending(
      List<PostingRequest> requests,
      Set<AccountId> accounts,
      CompletableFuture<List<PostingOutcome>> result,
      long enqueuedNanos,
      long takenBy,
      long answeredBy) {

    /** The trace of the caller that queued the group, which every request of it carries. */
    TraceContext trace() {
      return requests.getFirst().trace();
    }

    /** The same outcome for every request of the group. */
    List<PostingOutcome> each(PostingOutcome outcome) {
      return Collections.nCopies(requests.size(), outcome);
    }
  }

  /** A slot's {@link #busyUntil} while its writer is not posting a batch. */
  private static final long NOT_POSTING = Long.MIN_VALUE;

  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final DisjointBatches<Pending> selection =
      new DisjointBatches<>(Pending::accounts, pending -> pending.requests().size());
  // The callers of postAll waiting for their outcome, by the future they wait on.
  private final Map<CompletableFuture<List<PostingOutcome>>, Pending> waiting =
      new ConcurrentHashMap<>();
  private final DeadlineWatch deadlines =
      new DeadlineWatch("posting-deadline", this::giveUpOnTheLate);
  private final BatchPoster poster;
  private final PostingBatchMetrics metrics;
  private final PostingTracing tracing;
  private final GroupCommitSettings settings;
  // Slot 0 always holds a writer while running; the others hold one while the load needs it.
  private final Thread[] writers;
  // Per slot: when the batch its writer is posting is expected to end (System.nanoTime).
  private final AtomicLongArray busyUntil;
  private final AtomicInteger alive = new AtomicInteger();
  private final AtomicInteger idle = new AtomicInteger();
  private final AtomicLong deaths = new AtomicLong();
  private final CommitTimes commitTimes = new CommitTimes();
  private volatile long aloneNanos = CommitTimes.UNMEASURED_NANOS;
  private volatile boolean running;
  // Whether close() stopped the writers, for the answer to requests posted while none runs.
  private volatile boolean closed;

  public GroupCommitEngine(
      BatchPoster poster,
      PostingBatchMetrics metrics,
      PostingTracing tracing,
      GroupCommitSettings settings) {
    this.poster = poster;
    this.metrics = metrics;
    this.tracing = tracing;
    this.settings = settings;
    this.writers = new Thread[settings.maxWriters()];
    this.busyUntil = new AtomicLongArray(settings.maxWriters());
    for (int slot = 0; slot < settings.maxWriters(); slot++) {
      busyUntil.set(slot, NOT_POSTING);
    }
  }

  /**
   * Starts the first writer; requests submitted before wait for it. Writers are platform threads:
   * every request waits on them, so they must not queue for a carrier behind the virtual threads of
   * the requests they serve, which on a small machine could hold up every statement of a batch, and
   * with it the batch's row locks, behind the requests' CPU work.
   */
  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    closed = false;
    startWriter(0);
  }

  private void startWriter(int slot) {
    writers[slot] =
        Thread.ofPlatform().name("posting-writer-" + slot).daemon().start(() -> writeLoop(slot));
  }

  /**
   * Another writer for a request that would wait longer than it takes alone, unless one has become
   * idle meanwhile (it is about to take the request) or every slot has one.
   */
  private synchronized void addWriter() {
    if (!running || idle.get() > 0) {
      return;
    }
    for (int slot = 1; slot < writers.length; slot++) {
      if (writers[slot] == null) {
        startWriter(slot);
        return;
      }
    }
  }

  /** A writer beyond the first that found no work stops, unless work arrived meanwhile. */
  private synchronized boolean retire(int slot) {
    if (running && !queue.isEmpty()) {
      return false;
    }
    writers[slot] = null;
    return true;
  }

  /** Stops the writers after their current batch; requests still queued are refused. */
  @Override
  public void close() {
    List<Thread> stopping = new ArrayList<>();
    synchronized (this) {
      running = false;
      closed = true;
      for (int slot = 0; slot < writers.length; slot++) {
        if (writers[slot] != null) {
          stopping.add(writers[slot]);
          writers[slot] = null;
        }
      }
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
      left.result().complete(left.each(notRunning()));
    }
  }

  private Rejected notRunning() {
    return new Rejected(
        new OverloadedException(
            closed
                ? "the ledger is shutting down; nothing was posted"
                : "the ledger's group-commit writers are not started (LedgerServices.start());"
                    + " nothing was posted"));
  }

  @Override
  public PostingWriters writers() {
    return running
        ? new PostingWriters(1, settings.maxWriters(), alive.get(), deaths.get(), queue.size())
        : new PostingWriters(0, settings.maxWriters(), 0, deaths.get(), queue.size());
  }

  /**
   * Posts the requests in the next batch, all in the same one, and waits for their outcomes.
   * Requests no batch has taken within {@code maxQueueWait} are withdrawn from the queue and
   * refused as overloaded; once a batch holds them, they wait for that batch's outcome until {@code
   * maxResultWait} (or the request's own deadline) has passed since they were queued, and are then
   * answered as unknown: the batch may still commit, and a retry with the same key tells. The
   * caller parks without a timer of its own: the engine's one {@link DeadlineWatch} answers it at
   * its deadline (a timed park per request cost a transfer a tenth of its JVM CPU on the timer
   * thread of JDK 25's virtual-thread scheduler). While no writer runs (before {@link #start()} or
   * after {@link #close()}) the requests are refused at once, as overloaded, and nothing is posted.
   */
  @Override
  public List<PostingOutcome> postAll(List<PostingRequest> requests) {
    Pending pending = queued(requests);
    if (!running && queue.remove(pending)) {
      // Never started, or closed before or after its drain of the queue: no writer will take them.
      return pending.each(notRunning());
    }
    waiting.put(pending.result(), pending);
    deadlines.watch(pending.takenBy());
    try {
      return pending.result().get();
    } catch (ExecutionException impossible) {
      // Futures here are only ever completed normally, with an outcome.
      throw new IllegalStateException(impossible.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return pending.each(
          new Unknown(
              new OutcomeUnknownException(
                  "interrupted while the request's batch was in flight; retry with the same"
                      + " Idempotency-Key to learn the outcome")));
    } finally {
      waiting.remove(pending.result());
    }
  }

  /**
   * Answers each waiting caller whose time is up, as its own timed wait would have: refused as
   * overloaded when no batch took its requests (they are withdrawn from the queue, so nothing is
   * posted), unknown when a batch holds them (it may still commit; a retry with the same key tells;
   * the batch's own answer then comes too late and is dropped). Tells the earliest deadline ahead.
   */
  private OptionalLong giveUpOnTheLate(long now) {
    OptionalLong ahead = OptionalLong.empty();
    for (Pending pending : waiting.values()) {
      if (pending.result().isDone()) {
        continue;
      }
      if (pending.takenBy() - now <= 0 && queue.remove(pending)) {
        pending.result().complete(pending.each(notTakenInTime()));
      } else if (pending.answeredBy() - now <= 0) {
        pending.result().complete(pending.each(outlivedByItsBatch()));
      } else {
        long due = pending.takenBy() - now > 0 ? pending.takenBy() : pending.answeredBy();
        ahead = DeadlineWatch.earlier(ahead, due);
      }
    }
    return ahead;
  }

  private Rejected notTakenInTime() {
    return new Rejected(
        new OverloadedException(
            "no posting batch took the request within "
                + settings.maxQueueWait()
                + "; nothing was posted"));
  }

  private static Unknown outlivedByItsBatch() {
    return new Unknown(
        new OutcomeUnknownException(
            "the request's posting batch had not finished when its time ran out; retry with the"
                + " same Idempotency-Key to learn the outcome"));
  }

  private Duration resultWait() {
    Duration configured = settings.maxResultWait();
    return RequestDeadline.remaining()
        .filter(left -> left.compareTo(configured) < 0)
        .orElse(configured);
  }

  private Pending queued(List<PostingRequest> requests) {
    long resultWaitNanos = resultWait().toNanos();
    long queueWaitNanos = Math.min(settings.maxQueueWait().toNanos(), resultWaitNanos);
    long now = System.nanoTime();
    Set<AccountId> accounts = poster.keptFromOtherBatches(requests);
    Pending pending =
        new Pending(
            PostingRequest.tracedBy(tracing.current(), requests),
            accounts,
            new CompletableFuture<>(),
            now,
            now + queueWaitNanos,
            now + resultWaitNanos);
    queue.add(pending);
    selection.queued();
    if (idle.get() == 0
        && alive.get() < writers.length
        && waitsLongerThanAlone(pending.enqueuedNanos())) {
      addWriter();
    }
    return pending;
  }

  /**
   * Whether a request queued now, with no writer idle, would wait longer than it takes alone: more
   * is queued than one batch takes, or the busy batch expected to end first ends later than that,
   * or is overdue (the database slowed, and how long it will still take is unknown). With no batch
   * in flight, a writer is between batches and takes the request at once.
   */
  private boolean waitsLongerThanAlone(long now) {
    if (queue.size() > settings.maxBatch()) {
      return true;
    }
    long soonest = Long.MAX_VALUE;
    for (int slot = 0; slot < writers.length; slot++) {
      long until = busyUntil.get(slot);
      if (until != NOT_POSTING) {
        soonest = Math.min(soonest, until - now);
      }
    }
    return soonest != Long.MAX_VALUE && (soonest < 0 || soonest > aloneNanos);
  }

  private void writeLoop(int slot) {
    alive.incrementAndGet();
    List<Pending> batch = List.of();
    try {
      while (running) {
        batch = next(slot);
        if (batch.isEmpty()) {
          if (retire(slot)) {
            return;
          }
          continue;
        }
        post(slot, batch);
      }
    } catch (InterruptedException stopping) {
      // close() stops the writers.
    } catch (Throwable death) {
      died(slot, batch, death);
    } finally {
      alive.decrementAndGet();
    }
  }

  /**
   * The batch a writer posts next ({@link DisjointBatches}: whole groups only, none sharing an
   * account with another writer's batch in flight), or an empty one when a writer beyond the first
   * has waited its idle time in vain.
   */
  private List<Pending> next(int slot) throws InterruptedException {
    idle.incrementAndGet();
    try {
      return selection.next(
          queue, this::share, slot == 0 ? 0 : settings.writerIdleTimeout().toNanos());
    } finally {
      idle.decrementAndGet();
    }
  }

  /** A writer's share of the queue: all of it, unless other writers are waking to it too. */
  private int share() {
    int waking = Math.max(1, idle.get());
    return Math.clamp(Math.ceilDiv(queue.size(), waking), 1, settings.maxBatch());
  }

  /**
   * A writer died mid-batch (an {@code Error}, or a bug past the batch's own handling). Its
   * requests may or may not have committed, so each one not yet answered is answered as unknown; a
   * retry with the same key tells. Then a new writer takes its slot.
   */
  private void died(int slot, List<Pending> batch, Throwable death) {
    deaths.incrementAndGet();
    LOG.log(Level.ERROR, "posting writer " + slot + " died; replacing it", death);
    Unknown unknown =
        new Unknown(
            new OutcomeUnknownException(
                "the posting writer holding the request failed; retry with the same"
                    + " Idempotency-Key to learn the outcome"));
    batch.forEach(pending -> pending.result().complete(pending.each(unknown)));
    synchronized (this) {
      if (running) {
        startWriter(slot);
      }
    }
  }

  private void post(int slot, List<Pending> batch) {
    List<PostingRequest> requests =
        batch.stream().flatMap(pending -> pending.requests().stream()).toList();
    long started = System.nanoTime();
    long expected;
    synchronized (commitTimes) {
      expected = commitTimes.nanosFor(requests.size());
    }
    busyUntil.set(slot, started + expected);
    List<PostingOutcome> outcomes;
    try {
      outcomes =
          tracing.inBatch(
              batch.stream().map(Pending::trace).toList(), () -> poster.post(requests, slot));
    } finally {
      busyUntil.set(slot, NOT_POSTING);
      // Committed or rolled back: its rows are the other writer's before its callers are answered.
      selection.release(batch);
    }
    long took = System.nanoTime() - started;
    metrics.recordBatch(requests.size(), started - batch.getFirst().enqueuedNanos(), took);
    synchronized (commitTimes) {
      commitTimes.record(requests.size(), took);
      aloneNanos = commitTimes.nanosFor(1);
    }
    if (outcomes.size() != requests.size()) {
      throw new IllegalStateException(
          outcomes.size() + " outcomes for a batch of " + requests.size() + " requests");
    }
    int from = 0;
    for (Pending pending : batch) {
      int to = from + pending.requests().size();
      pending.result().complete(outcomes.subList(from, to));
      from = to;
    }
  }
}
