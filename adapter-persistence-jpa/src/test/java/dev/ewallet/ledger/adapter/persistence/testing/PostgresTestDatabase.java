package dev.ewallet.ledger.adapter.persistence.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * One PostgreSQL database per test JVM, chosen automatically: a Testcontainers PostgreSQL 15 where
 * a Docker engine answers, otherwise a fresh database on the local server ({@code
 * LEDGER_TEST_PG_HOST}:{@code LEDGER_TEST_PG_PORT}, default 127.0.0.1:5432, trust auth), dropped
 * when the JVM exits. Either way the tests never see leftover state. Which one ran is printed.
 */
public final class PostgresTestDatabase {

  private record Target(String url, String user, String password) {}

  private static Target target;

  private PostgresTestDatabase() {}

  /** Points Spring's datasource at the test database. */
  public static void register(DynamicPropertyRegistry registry) {
    Target db = target();
    registry.add("spring.datasource.url", db::url);
    registry.add("spring.datasource.username", db::user);
    registry.add("spring.datasource.password", db::password);
  }

  /**
   * Points Spring's datasource at the test database through another host and port (a proxy that
   * forwards to {@link #hostAndPort()}).
   */
  public static void registerThrough(DynamicPropertyRegistry registry, String host, int port) {
    Target db = target();
    String rest = db.url().substring(db.url().indexOf('/', "jdbc:postgresql://".length()));
    registry.add("spring.datasource.url", () -> "jdbc:postgresql://" + host + ":" + port + rest);
    registry.add("spring.datasource.username", db::user);
    registry.add("spring.datasource.password", db::password);
  }

  /** The test database server's host and port, as {@code host:port}. */
  public static String hostAndPort() {
    String url = target().url();
    int start = "jdbc:postgresql://".length();
    return url.substring(start, url.indexOf('/', start));
  }

  private static synchronized Target target() {
    if (target == null) {
      target = dockerAvailable() ? container() : localDatabase();
    }
    return target;
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException noDocker) {
      return false;
    }
  }

  private static Target container() {
    PostgreSQLContainer container = new PostgreSQLContainer("postgres:15-alpine");
    container.start();
    Runtime.getRuntime().addShutdownHook(new Thread(container::stop));
    System.out.println("[test-db] Testcontainers PostgreSQL at " + container.getJdbcUrl());
    return new Target(container.getJdbcUrl(), container.getUsername(), container.getPassword());
  }

  private static Target localDatabase() {
    String host = System.getenv().getOrDefault("LEDGER_TEST_PG_HOST", "127.0.0.1");
    String port = System.getenv().getOrDefault("LEDGER_TEST_PG_PORT", "5432");
    String user = System.getenv().getOrDefault("LEDGER_TEST_PG_USER", "postgres");
    String admin = "jdbc:postgresql://" + host + ":" + port + "/postgres";
    String name = "ledger_test_" + UUID.randomUUID().toString().replace("-", "");
    execute(admin, user, "CREATE DATABASE " + name);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> execute(admin, user, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")));
    System.out.println(
        "[test-db] no Docker engine: local PostgreSQL at "
            + host
            + ":"
            + port
            + ", database "
            + name);
    return new Target("jdbc:postgresql://" + host + ":" + port + "/" + name, user, "");
  }

  private static void execute(String url, String user, String sql) {
    try (Connection connection = DriverManager.getConnection(url, user, "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("test database setup failed: " + sql, e);
    }
  }
}
