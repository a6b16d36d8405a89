package dev.ewallet.ledger.adapter.persistence.replica;

import dev.ewallet.ledger.adapter.persistence.posting.WrittenAccounts;
import dev.ewallet.ledger.domain.port.out.WritePositions;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The replica's pool and routing when {@code ledger.replica.url} is set; otherwise routing that
 * always answers with the primary. The replica's pool is not a {@code DataSource} bean, so Spring
 * Boot's primary pool, the transaction manager and Liquibase never see it.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ReplicaProperties.class)
class ReplicaConfiguration {

  @Bean
  ReplicaReads replicaReads(
      JdbcClient primary,
      DataSource primaryDataSource,
      ReplicaProperties properties,
      ObjectProvider<TimeoutBudget> budget,
      ObjectProvider<WritePositions> positions,
      ObjectProvider<MeterRegistry> registry) {
    if (!properties.configured()) {
      return ReplicaReads.none(primary, primaryDataSource);
    }
    WritePositions store =
        positions.getIfAvailable(() -> {
          throw new IllegalStateException(
              "ledger.replica.url is set but no store of write positions is configured: reads"
                  + " from the replica need one shared by every instance (Redis)");
        });
    return ReplicaReads.of(
        primary,
        primaryDataSource,
        properties,
        budget.getIfAvailable(() -> TimeoutBudget.DEFAULT),
        store,
        registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  /**
   * The unit of work's commit hook: the accounts each one wrote, kept only when a replica reads
   * their positions.
   */
  @Bean
  WrittenAccounts writtenAccounts(ReplicaProperties properties, ReplicaReads replicaReads) {
    return properties.configured()
        ? WrittenAccounts.handedTo(replicaReads::committed)
        : WrittenAccounts.DISCARDED;
  }
}
