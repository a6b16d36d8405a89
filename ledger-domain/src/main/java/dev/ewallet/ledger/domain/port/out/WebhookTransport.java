package dev.ewallet.ledger.domain.port.out;

import java.net.URI;
import java.util.Map;

/**
 * Sends one webhook delivery: an HTTP POST of the body with the headers given, no redirect
 * followed, bounded by the transport's timeout. Must be safe to call from many threads.
 */
public interface WebhookTransport {

  /** What the receiver answered, or why it did not. */
  record Response(Integer statusCode, String error) {}

  /** Never throws for the receiver's faults: they are answered as a {@link Response#error}. */
  Response post(URI url, String body, Map<String, String> headers);
}
