package dev.ewallet.ledger.adapter.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The partition horizon the maintenance serves: the first month no partition of {@code
 * ledger_entry} covers, read from the catalog after every run, including a run that could not
 * create anything, so that a maintenance that keeps failing shows as a horizon that stops moving.
 */
class JournalPartitionHorizonIT extends PersistenceIntegrationTest {

  @Autowired JdbcClient runtime;

  private final MeterRegistry registry = new SimpleMeterRegistry();

  private JournalPartitionMaintenance maintenance(int monthsAhead) {
    return new JournalPartitionMaintenance(
        runtime,
        monthsAhead,
        new StaticListableBeanFactory(Map.of("meters", registry))
            .getBeanProvider(MeterRegistry.class));
  }

  private double horizon() {
    return registry.get("ledger.journal.partition.horizon").gauge().value();
  }

  /** The first instant of the month {@code months} after the current one, UTC, in Unix seconds. */
  private static double monthsAhead(int months) {
    return JournalMonths.start(JournalMonths.fromNow(months));
  }

  @Test
  void theHorizonIsTheEndOfTheLastMonthMadeAndUnknownBeforeAnyRun() {
    JournalPartitionMaintenance maintenance = maintenance(3);
    assertThat(horizon()).isNaN();

    maintenance.run();

    assertThat(horizon()).isEqualTo(monthsAhead(4));
  }

  @Test
  void aRunThatCreatesNothingStillReportsWherePartitionsEnd() {
    // The owner's function refuses more than 36 months: this maintenance never creates anything.
    JournalPartitionMaintenance refused = maintenance(37);

    refused.run();

    // The schema's migration made the current month and three more.
    assertThat(horizon()).isEqualTo(monthsAhead(4));
  }
}
