package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.hotaccount.PostingRate;
import dev.ewallet.ledger.domain.hotaccount.PostingRates;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What the posting path measures for the ledger's own splitting of hot merchants: how many postings
 * each merchant row (a merchant's main account or one of its shards) took per second, over a
 * sliding window, counted once each batch has committed. Per instance: each instance measures the
 * postings it made. Thread-safe.
 *
 * <p>Postings, not lock waits: batches in flight never share an account ({@link DisjointBatches}),
 * so no posting waits on a row lock in the database; what waits is a queued request whose account
 * another batch holds, and that wait grows with how many postings the row takes.
 */
public final class HotRowMeter {

  private final PostingRates rates;
  private final Clock clock;

  public HotRowMeter(Duration window, Clock clock) {
    this.rates = new PostingRates(window);
    this.clock = clock;
  }

  /** Counts a committed batch's postings on merchant rows. */
  synchronized void record(Map<AccountId, Integer> postings) {
    rates.record(postings, clock.instant());
  }

  /** The rows that took at least {@code perSecond} postings a second, highest first. */
  public synchronized List<PostingRate> atLeast(long perSecond) {
    return rates.atLeast(perSecond, clock.instant());
  }

  /** The {@code limit} busiest rows, highest first. */
  public synchronized List<PostingRate> hottest(int limit) {
    return rates.hottest(limit, clock.instant());
  }
}
