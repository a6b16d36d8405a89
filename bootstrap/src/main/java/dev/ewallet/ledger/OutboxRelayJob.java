package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.RelayOutboxCommand;
import dev.ewallet.ledger.domain.port.in.RelayOutboxUseCase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Runs the relay on its own virtual thread: drains full batches back to back, pauses {@code
 * relay-interval} when the outbox is empty and {@code failure-backoff} when the broker is
 * unreachable. Postings never wait for it: with Kafka down the rows simply accumulate, and the
 * backlog drains when the broker returns.
 */
@Component
@ConditionalOnProperty(name = "ledger.outbox.relay-enabled", matchIfMissing = true)
class OutboxRelayJob implements SmartLifecycle {

  private static final Logger LOG = LoggerFactory.getLogger(OutboxRelayJob.class);

  private final RelayOutboxUseCase relay;
  private final OutboxProperties properties;
  private final Counter published;
  private final Counter failures;
  private final AtomicBoolean running = new AtomicBoolean();
  private volatile Thread worker;

  OutboxRelayJob(RelayOutboxUseCase relay, OutboxProperties properties, MeterRegistry registry) {
    this.relay = relay;
    this.properties = properties;
    this.published =
        Counter.builder("ledger.outbox.published")
            .description("Outbox events published to the broker")
            .register(registry);
    this.failures =
        Counter.builder("ledger.outbox.relay.failures")
            .description("Relay batches the broker did not acknowledge")
            .register(registry);
  }

  @Override
  public void start() {
    if (running.compareAndSet(false, true)) {
      worker = Thread.ofVirtual().name("outbox-relay").start(this::loop);
    }
  }

  @Override
  public void stop() {
    running.set(false);
    Thread current = worker;
    if (current != null) {
      current.interrupt();
      try {
        current.join(Duration.ofSeconds(10));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public boolean isRunning() {
    return running.get();
  }

  private void loop() {
    RelayOutboxCommand command = new RelayOutboxCommand(properties.batchSize());
    boolean failing = false;
    while (running.get()) {
      Duration pause = properties.relayInterval();
      try {
        int sent = relay.relay(command);
        published.increment(sent);
        if (failing) {
          LOG.info("outbox relay recovered: the broker acknowledges again");
          failing = false;
        }
        if (sent == command.batchSize()) {
          continue;
        }
      } catch (RuntimeException e) {
        failures.increment();
        if (!failing) {
          LOG.warn("outbox relay failing, events wait in the outbox: {}", e.getMessage());
          failing = true;
        }
        pause = properties.failureBackoff();
      }
      sleep(pause);
    }
  }

  private void sleep(Duration pause) {
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running.set(false);
    }
  }
}
