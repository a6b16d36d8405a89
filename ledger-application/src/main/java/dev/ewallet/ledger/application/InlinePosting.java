package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.port.in.PostingWriters;
import java.util.List;

/** Posts each request, or each group of requests, as one batch on the caller's thread. */
final class InlinePosting implements PostingStrategy {

  private final BatchPoster poster;

  InlinePosting(BatchPoster poster) {
    this.poster = poster;
  }

  @Override
  public List<PostingOutcome> postAll(List<PostingRequest> requests) {
    return poster.post(requests);
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
    return new PostingWriters(0, 0, 0, 0);
  }
}
