package dev.ewallet.ledger.adapter.persistence.replica;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * A streaming replica for history reads ({@code ledger.replica.*}); none when {@code url} is blank.
 *
 * @param url the replica's JDBC URL, e.g. {@code jdbc:postgresql://127.0.0.1:5433/ledger}
 * @param username the role to connect as: the runtime role, which a physical replica copies
 * @param password its password
 * @param poolSize the replica pool's connections
 * @param maxWait how long a read waits for the replica to replay its reader's latest write before
 *     it is served by the primary instead
 * @param maxLag how far behind the primary the replica may be before no read goes to it; must be
 *     shorter than the write positions' retention, less one check interval
 * @param checkInterval how often the replica's position and the primary's are compared
 */
@ConfigurationProperties("ledger.replica")
record ReplicaProperties(
    String url,
    String username,
    String password,
    @DefaultValue("10") int poolSize,
    @DefaultValue("PT0.1S") Duration maxWait,
    @DefaultValue("PT5S") Duration maxLag,
    @DefaultValue("PT1S") Duration checkInterval) {

  boolean configured() {
    return url != null && !url.isBlank();
  }
}
