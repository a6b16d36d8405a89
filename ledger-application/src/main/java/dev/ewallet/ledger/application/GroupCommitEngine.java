package dev.ewallet.ledger.application;

import dev.ewallet.ledger.application.PostingOutcome.Rejected;
import dev.ewallet.ledger.application.PostingOutcome.Unknown;
import dev.ewallet.ledger.domain.deadline.RequestDeadline;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.port.in.PostingWriters;
import dev.ewallet.ledger.domain.port.out.PostingBatchMetrics;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Group commit: requests queue up, and a writer hands whatever is queued (up to {@code maxBatch},
 * no timer, so a quiet service adds no delay) to the {@link BatchPoster}, which posts them in one
 * database transaction, each request keeping its own outcome; only then is each caller answered.
 * This class owns the queue and the writers' lifecycle; every posting rule lives in the poster. A
 * writer that dies answers the requests it held as unknown and is replaced. ADR 0009, ADR 0010.
 */
final class GroupCommitEngine implements PostingStrategy {

  private static final System.Logger LOG = System.getLogger(GroupCommitEngine.class.getName());

  private record Pending(
      PostingRequest request, CompletableFuture<PostingOutcome> result, long enqueuedNanos) {}

  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final BatchPoster poster;
  private final PostingBatchMetrics metrics;
  private final GroupCommitSettings settings;
  private final List<Thread> writers = new ArrayList<>();
  private final AtomicInteger alive = new AtomicInteger();
  private final AtomicLong deaths = new AtomicLong();
  private volatile boolean running;

  GroupCommitEngine(BatchPoster poster, PostingBatchMetrics metrics, GroupCommitSettings settings) {
    this.poster = poster;
    this.metrics = metrics;
    this.settings = settings;
  }

  /**
   * Starts the writers; requests submitted before wait for them. Writers are platform threads:
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
    for (int slot = 0; slot < settings.writers(); slot++) {
      writers.add(newWriter(slot));
    }
  }

  private Thread newWriter(int slot) {
    return Thread.ofPlatform().name("posting-writer-" + slot).daemon().start(() -> writeLoop(slot));
  }

  /** Stops the writers after their current batch; requests still queued are refused. */
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
    Rejected shuttingDown =
        new Rejected(new OverloadedException("the ledger is shutting down; nothing was posted"));
    Pending left;
    while ((left = queue.poll()) != null) {
      left.result().complete(shuttingDown);
    }
  }

  @Override
  public PostingWriters writers() {
    return running
        ? new PostingWriters(settings.writers(), alive.get(), deaths.get())
        : new PostingWriters(0, 0, deaths.get());
  }

  /**
   * Posts the request in the next batch and waits for its outcome. A request no batch has taken
   * within {@code maxQueueWait} is withdrawn from the queue and refused as overloaded; once a batch
   * holds it, it waits for that batch's outcome until {@code maxResultWait} (or the request's own
   * deadline) has passed since it was queued, and is then answered as unknown: the batch may still
   * commit, and a retry with the same key tells.
   */
  @Override
  public PostingOutcome post(PostingRequest request) {
    Pending pending = queued(request);
    long resultWaitNanos = resultWait().toNanos();
    try {
      try {
        return pending
            .result()
            .get(
                Math.min(settings.maxQueueWait().toNanos(), resultWaitNanos), TimeUnit.NANOSECONDS);
      } catch (TimeoutException notTaken) {
        if (queue.remove(pending)) {
          return new Rejected(
              new OverloadedException(
                  "no posting batch took the request within "
                      + settings.maxQueueWait()
                      + "; nothing was posted"));
        }
      }
      long left = pending.enqueuedNanos() + resultWaitNanos - System.nanoTime();
      return pending.result().get(Math.max(0, left), TimeUnit.NANOSECONDS);
    } catch (TimeoutException inFlight) {
      return new Unknown(
          new OutcomeUnknownException(
              "the request's posting batch had not finished when its time ran out; retry with"
                  + " the same Idempotency-Key to learn the outcome"));
    } catch (ExecutionException impossible) {
      // Futures here are only ever completed normally, with an outcome.
      throw new IllegalStateException(impossible.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Unknown(
          new OutcomeUnknownException(
              "interrupted while the request's batch was in flight; retry with the same"
                  + " Idempotency-Key to learn the outcome"));
    }
  }

  private Duration resultWait() {
    Duration configured = settings.maxResultWait();
    return RequestDeadline.remaining()
        .filter(left -> left.compareTo(configured) < 0)
        .orElse(configured);
  }

  /** Queues a request; the future completes when its batch has committed (or refused it). */
  CompletableFuture<PostingOutcome> enqueue(PostingRequest request) {
    return queued(request).result();
  }

  private Pending queued(PostingRequest request) {
    Pending pending = new Pending(request, new CompletableFuture<>(), System.nanoTime());
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
    batch.forEach(pending -> pending.result().complete(unknown));
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

  private void post(List<Pending> batch) {
    long started = System.nanoTime();
    List<PostingOutcome> outcomes = poster.post(batch.stream().map(Pending::request).toList());
    metrics.recordBatch(
        batch.size(), started - batch.getFirst().enqueuedNanos(), System.nanoTime() - started);
    for (int i = 0; i < batch.size(); i++) {
      batch.get(i).result().complete(outcomes.get(i));
    }
  }
}
