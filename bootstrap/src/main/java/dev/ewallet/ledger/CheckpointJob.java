package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.error.CheckpointNotFoundException;
import dev.ewallet.ledger.domain.error.CheckpointRefusedException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.LatestCheckpointQuery;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointCommand;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointUseCase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Makes a signed checkpoint every {@code ledger.checkpoints.interval} (an hour by default), unless
 * one (from another instance, or an operator) is younger than that. A refusal (the books do not
 * hold) is logged with the accounts and the last checkpoint that holds, and counted in {@code
 * ledger.checkpoints.refused}; {@code ledger.checkpoints.age_seconds} shows how old the newest is.
 */
@Component
class CheckpointJob {

  private static final Logger LOG = LoggerFactory.getLogger(CheckpointJob.class);

  private final MakeCheckpointUseCase make;
  private final LatestCheckpointQuery latest;
  private final Duration interval;
  private final Clock clock;
  private final Counter refused;
  private volatile Instant newest;

  CheckpointJob(
      MakeCheckpointUseCase make,
      LatestCheckpointQuery latest,
      @Value("${ledger.checkpoints.interval:PT1H}") Duration interval,
      Clock clock,
      MeterRegistry registry) {
    this.make = make;
    this.latest = latest;
    this.interval = interval;
    this.clock = clock;
    this.refused =
        Counter.builder("ledger.checkpoints.refused")
            .description("Checkpoints refused because the books did not hold")
            .register(registry);
    Gauge.builder(
            "ledger.checkpoints.age_seconds",
            this,
            job ->
                job.newest == null
                    ? Double.NaN
                    : Duration.between(job.newest, job.clock.instant()).toSeconds())
        .description("How old the newest signed checkpoint is")
        .register(registry);
  }

  @Scheduled(
      fixedDelayString = "${ledger.checkpoints.check-interval:PT1M}",
      initialDelayString = "${ledger.checkpoints.check-interval:PT1M}")
  void checkpointWhenDue() {
    try {
      Instant last = newestMade();
      if (last != null && last.plus(interval).isAfter(clock.instant())) {
        return;
      }
      SignedCheckpoint made = make.makeCheckpoint(new MakeCheckpointCommand(Caller.system()));
      newest = made.checkpoint().createdAt();
      LOG.info(
          "checkpoint {} signed at journal position {} with key {}",
          made.checkpoint().id(),
          made.checkpoint().position(),
          made.checkpoint().keyId());
    } catch (CheckpointRefusedException refusal) {
      if (refusal.onlyTheKeyIsNotValid()) {
        LOG.info("no checkpoint yet: the signing key's validity has not begun (a rotation)");
        return;
      }
      refused.increment();
      LOG.error("no checkpoint: {}; breaks: {}", refusal.getMessage(), refusal.breaks());
    } catch (RuntimeException failed) {
      LOG.warn(
          "the checkpoint failed; it is tried again after ledger.checkpoints.check-interval",
          failed);
    }
  }

  private Instant newestMade() {
    try {
      newest = latest.latestCheckpoint(Caller.system()).checkpoint().createdAt();
      return newest;
    } catch (CheckpointNotFoundException none) {
      return null;
    }
  }
}
