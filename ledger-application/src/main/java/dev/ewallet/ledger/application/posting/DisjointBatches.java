package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;

/**
 * Which queued groups of requests a group-commit writer takes: oldest first, only those that share
 * no account with a batch another writer has in flight, so that two batches never wait on each
 * other's row locks (in an economy where the same few thousand wallets pay each other, two writers'
 * batches of a dozen transfers each met on a wallet most of the time, and one then waited for the
 * other's commit with its own rows locked). A group left waiting keeps its accounts for itself: no
 * younger group that shares one is taken before it, so no group is overtaken on an account it
 * needs, and none waits longer than the batches in flight when it came and the groups older than
 * it. Groups in one batch may share accounts: the poster plans them one after another.
 *
 * <p>Writers wait here for work, and are woken when a group is queued or a batch ends.
 *
 * @param <G> a queued group
 */
final class DisjointBatches<G> {

  private final Function<G, Set<AccountId>> accountsOf;
  private final ToIntFunction<G> requestsOf;
  // The accounts of the batches in flight; each account is in at most one of them.
  private final Set<AccountId> inFlight = new HashSet<>();

  DisjointBatches(Function<G, Set<AccountId>> accountsOf, ToIntFunction<G> requestsOf) {
    this.accountsOf = accountsOf;
    this.requestsOf = requestsOf;
  }

  /**
   * The next batch a writer may post: what {@link #take} gives, once it gives something, waiting
   * for a group to be queued or a batch to end meanwhile; empty when {@code idleNanos} passed first
   * ({@code 0}: wait without bound). Its accounts are in flight until {@link #release}.
   *
   * @param share how many requests the writer takes, asked each time it looks at the queue
   */
  synchronized List<G> next(BlockingQueue<G> queue, IntSupplier share, long idleNanos)
      throws InterruptedException {
    long idleUntil = System.nanoTime() + idleNanos;
    while (true) {
      List<G> batch = take(queue, share.getAsInt());
      if (!batch.isEmpty()) {
        return batch;
      }
      if (idleNanos == 0) {
        wait();
      } else {
        long left = idleUntil - System.nanoTime();
        if (left <= 0) {
          return List.of();
        }
        wait(left / 1_000_000, (int) (left % 1_000_000));
      }
    }
  }

  /**
   * Takes from the queue, oldest first, every group that shares no account with a batch in flight
   * nor with an older group left in the queue, until it holds {@code share} requests or more (a
   * first group larger than that is taken whole, alone). A group the queue no longer holds (its
   * caller gave up meanwhile) is not taken.
   */
  private List<G> take(BlockingQueue<G> queue, int share) {
    List<G> batch = new ArrayList<>();
    Set<AccountId> passedOver = new HashSet<>();
    int requests = 0;
    for (G group : queue) {
      if (requests >= share) {
        break;
      }
      Set<AccountId> accounts = accountsOf.apply(group);
      if (disjoint(accounts, inFlight) && disjoint(accounts, passedOver)) {
        if (queue.remove(group)) {
          batch.add(group);
          requests += requestsOf.applyAsInt(group);
        }
      } else {
        passedOver.addAll(accounts);
      }
    }
    for (G group : batch) {
      inFlight.addAll(accountsOf.apply(group));
    }
    return batch;
  }

  /** A group was queued: a waiting writer may take it. */
  synchronized void queued() {
    notifyAll();
  }

  /** The batch ended, posted or not: its accounts are free again for the writers waiting. */
  synchronized void release(List<G> batch) {
    for (G group : batch) {
      inFlight.removeAll(accountsOf.apply(group));
    }
    notifyAll();
  }

  private static boolean disjoint(Set<AccountId> accounts, Set<AccountId> blocked) {
    for (AccountId account : accounts) {
      if (blocked.contains(account)) {
        return false;
      }
    }
    return true;
  }
}
