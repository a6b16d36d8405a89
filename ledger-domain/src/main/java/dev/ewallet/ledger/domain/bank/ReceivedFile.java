package dev.ewallet.ledger.domain.bank;

import java.time.Instant;
import java.util.Objects;

/**
 * A bank file as it arrived, kept as it was next to what was read from it.
 *
 * @param receivedBy the principal of the operator who sent it
 */
public record ReceivedFile(
    byte[] content, String mediaType, Instant receivedAt, String receivedBy) {

  public ReceivedFile {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(mediaType, "mediaType");
    Objects.requireNonNull(receivedAt, "receivedAt");
    Objects.requireNonNull(receivedBy, "receivedBy");
  }
}
