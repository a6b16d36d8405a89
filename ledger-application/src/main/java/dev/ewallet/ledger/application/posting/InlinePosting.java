package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.port.in.PostingWriters;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Posts each request, or each group of requests, as one batch on the caller's thread, inside the
 * caller's own trace.
 */
public final class InlinePosting implements PostingStrategy {

  private final BatchPoster poster;
  private final PostingTracing tracing;

  public InlinePosting(BatchPoster poster, PostingTracing tracing) {
    this.poster = poster;
    this.tracing = tracing;
  }

  @Override
  public List<PostingOutcome> postAll(List<PostingRequest> requests) {
    // No writer slots: each call spreads over the system accounts' shards at random.
    return poster.post(
        PostingRequest.tracedBy(tracing.current(), requests),
        ThreadLocalRandom.current().nextInt(Integer.MAX_VALUE));
  }

  @Override
  public void start() {
    // Nothing runs in the background.
  }

  @Override
  public void close() {
    // Nothing runs in the background.
  }

  @Override
  public PostingWriters writers() {
    return PostingWriters.NONE;
  }
}
