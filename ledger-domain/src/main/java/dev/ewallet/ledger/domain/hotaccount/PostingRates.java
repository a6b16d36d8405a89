package dev.ewallet.ledger.domain.hotaccount;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Postings per account row over a sliding window of whole seconds: each second's counts in a bucket
 * of their own, buckets older than the window dropped as time moves on. Only the rows that may be
 * split are counted (merchants and their shards), so the buckets stay small however many wallets
 * post. Not thread-safe.
 */
public final class PostingRates {

  private final long seconds;
  private final Deque<Bucket> buckets = new ArrayDeque<>();

  private record Bucket(long second, Map<AccountId, Long> postings) {}

  /**
   * @param window whole seconds, at least one
   */
  public PostingRates(Duration window) {
    if (window.toSeconds() < 1 || window.toNanosPart() != 0) {
      throw new IllegalArgumentException("a window of whole seconds, at least one: " + window);
    }
    this.seconds = window.toSeconds();
  }

  /** Counts the postings each account row took at {@code at}. */
  public void record(Map<AccountId, Integer> postings, Instant at) {
    if (postings.isEmpty()) {
      return;
    }
    long second = at.getEpochSecond();
    forget(second);
    // A batch whose time is older than the newest bucket's second is counted in the newest.
    Bucket last = buckets.peekLast();
    if (last == null || last.second() < second) {
      last = new Bucket(second, new HashMap<>());
      buckets.addLast(last);
    }
    Map<AccountId, Long> counts = last.postings();
    postings.forEach((account, n) -> counts.merge(account, (long) n, Long::sum));
  }

  /**
   * Every row's postings per second over the window ending at {@code now}, highest first, those of
   * at least {@code atLeast} only.
   */
  public List<PostingRate> atLeast(long atLeast, Instant now) {
    forget(now.getEpochSecond());
    Map<AccountId, Long> totals = new HashMap<>();
    buckets.forEach(bucket -> bucket.postings().forEach((a, n) -> totals.merge(a, n, Long::sum)));
    return totals.entrySet().stream()
        .map(e -> new PostingRate(e.getKey(), e.getValue() / seconds))
        .filter(rate -> rate.perSecond() >= atLeast)
        .sorted(Comparator.comparingLong(PostingRate::perSecond).reversed())
        .toList();
  }

  /** The {@code limit} rows with the most postings per second over the window ending at now. */
  public List<PostingRate> hottest(int limit, Instant now) {
    return atLeast(0, now).stream().limit(limit).toList();
  }

  /** Drops the buckets of seconds the window ending in {@code second} no longer covers. */
  private void forget(long second) {
    while (!buckets.isEmpty() && buckets.peekFirst().second() <= second - seconds) {
      buckets.removeFirst();
    }
  }
}
