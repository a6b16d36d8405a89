package dev.ewallet.ledger.adapter.persistence.embedded;

import java.nio.file.Path;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * With {@code ledger.db.embedded=true} ({@code LEDGER_DB_EMBEDDED}; {@code bin/run} sets it when no
 * database is configured and none answers on 127.0.0.1:5432), starts an {@link
 * EmbeddedPostgresServer} before anything connects, makes the owner and runtime roles and the
 * database the configuration names, and points the datasource at it. Its data stays in {@code
 * ledger.db.embedded.data-dir} (default {@code $XDG_DATA_HOME/wallet-ledger/postgres}, or {@code
 * ~/.local/share/wallet-ledger/postgres}) between runs.
 */
class EmbeddedDatabaseEnvironment implements EnvironmentPostProcessor, Ordered {

  static final String ENABLED = "ledger.db.embedded.enabled";
  static final String DATA_DIR = "ledger.db.embedded.data-dir";
  static final String PORT = "ledger.db.embedded.port";
  static final String DATABASE = "ledger.db.embedded.database";

  /** After the configuration files are read, so that they and the environment are seen. */
  private static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;

  private final Log log;

  EmbeddedDatabaseEnvironment(DeferredLogFactory logs) {
    this.log = logs.getLog(EmbeddedDatabaseEnvironment.class);
  }

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (!environment.getProperty(ENABLED, Boolean.class, false)) {
      return;
    }
    Path home = home(environment);
    Path data = environment.getProperty(DATA_DIR, Path.class, home.resolve("postgres"));
    int port = environment.getProperty(PORT, Integer.class, 25432);
    String database = environment.getProperty(DATABASE, "ledger");
    EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(data, home.resolve("binaries"), port);
    server.ensureDatabase(
        database,
        environment.getRequiredProperty("spring.liquibase.user"),
        environment.getRequiredProperty("spring.datasource.username"));
    String url = server.jdbcUrl(database);
    environment
        .getPropertySources()
        .addFirst(
            new MapPropertySource("ledger-embedded-db", Map.of("spring.datasource.url", url)));
    log.info(
        "Running on the embedded PostgreSQL at "
            + url
            + "; its data stays in "
            + data
            + " between runs, its log is "
            + data.resolveSibling("postgres.log"));
  }

  private static Path home(ConfigurableEnvironment environment) {
    String xdg = environment.getProperty("XDG_DATA_HOME");
    Path base =
        xdg == null || xdg.isBlank()
            ? Path.of(System.getProperty("user.home"), ".local", "share")
            : Path.of(xdg);
    return base.resolve("wallet-ledger");
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
