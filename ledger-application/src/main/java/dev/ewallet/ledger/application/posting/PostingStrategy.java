package dev.ewallet.ledger.application.posting;

import dev.ewallet.ledger.domain.port.in.PostingWritersQuery;
import java.util.List;

/**
 * How posting requests reach the {@link BatchPoster}: inline, a batch of one on the caller's
 * thread, or queued for group commit. Which one runs is the {@link PostingMode} chosen at startup.
 */
public interface PostingStrategy extends PostingWritersQuery, AutoCloseable {

  /** Posts the request and waits for its outcome. */
  default PostingOutcome post(PostingRequest request) {
    return postAll(List.of(request)).getFirst();
  }

  /**
   * Posts the requests together, in one batch of the poster (each keeping its own outcome, as in
   * any batch), and waits for their outcomes, in their order.
   */
  List<PostingOutcome> postAll(List<PostingRequest> requests);

  /** Starts whatever threads the strategy needs; none for inline posting. */
  void start();

  @Override
  void close();
}
