package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.out.LedgerEventPublisher;
import java.util.ArrayList;
import java.util.List;

/** A publisher that keeps what it was given, and refuses everything while the broker is "down". */
public final class RecordingPublisher implements LedgerEventPublisher {

  private final List<OutboxMessage> published = new ArrayList<>();
  private boolean down;

  @Override
  public synchronized void publish(List<OutboxMessage> messages) {
    if (down) {
      throw new IllegalStateException("broker unreachable");
    }
    published.addAll(messages);
  }

  public synchronized void brokerDown(boolean down) {
    this.down = down;
  }

  public synchronized List<OutboxMessage> published() {
    return List.copyOf(published);
  }
}
