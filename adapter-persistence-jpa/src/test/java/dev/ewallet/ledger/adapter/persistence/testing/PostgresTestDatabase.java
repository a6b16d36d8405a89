package dev.ewallet.ledger.adapter.persistence.testing;

import dev.ewallet.ledger.adapter.persistence.embedded.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.exception.LiquibaseException;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * One PostgreSQL database per test JVM, chosen automatically: a Testcontainers PostgreSQL 15 where
 * a Docker engine answers, otherwise a fresh database on the local server ({@code
 * LEDGER_TEST_PG_HOST}:{@code LEDGER_TEST_PG_PORT}, default 127.0.0.1:5432, trust auth), dropped
 * when the JVM exits, and where nothing answers there (or with {@code LEDGER_TEST_PG=embedded}) an
 * {@link EmbeddedPostgresServer} of this JVM's own in a fresh temporary directory, deleted at exit.
 * Either way the tests never see leftover state. Which one ran is printed.
 *
 * <p>As in production, the schema belongs to an owner role that migrates it ({@value #OWNER}) and
 * the service connects as a runtime role that owns nothing ({@value #RUNTIME}), holding only the
 * grants the migrations give it; tests that must change what the service may not (backdating a row,
 * tampering with the journal) use {@link #owner()} or {@link #superuser()}.
 */
public final class PostgresTestDatabase {

  /** The role that owns the test database and runs the migrations. */
  public static final String OWNER = "ledger_test_owner";

  /** The role the service connects as. */
  public static final String RUNTIME = "ledger_test_app";

  private record Target(String url, String superuser, String password) {}

  private static Target target;

  private PostgresTestDatabase() {}

  /** Points Spring's datasource (runtime role) and Liquibase (owner role) at the test database. */
  public static void register(DynamicPropertyRegistry registry) {
    registerUrl(registry, target().url());
    registry.add("spring.liquibase.url", () -> target().url());
  }

  /**
   * As {@link #register}, but reaching the database through another host and port (a proxy that
   * forwards to {@link #hostAndPort()}); the migrations still go straight to the database.
   */
  public static void registerThrough(DynamicPropertyRegistry registry, String host, int port) {
    Target db = target();
    String rest = db.url().substring(db.url().indexOf('/', "jdbc:postgresql://".length()));
    registerUrl(registry, "jdbc:postgresql://" + host + ":" + port + rest);
    registry.add("spring.liquibase.url", db::url);
  }

  /**
   * As {@link #register}, but for a database of the test's own ({@link #scratchDatabase}), which
   * Liquibase migrates at the context's start: a context whose rows no other context sees.
   */
  public static void registerOwn(DynamicPropertyRegistry registry, String url) {
    registerUrl(registry, url);
    registry.add("spring.liquibase.url", () -> url);
  }

  private static void registerUrl(DynamicPropertyRegistry registry, String url) {
    registry.add("spring.datasource.url", () -> url);
    registry.add("spring.datasource.username", () -> RUNTIME);
    registry.add("spring.datasource.password", () -> "");
    registry.add("spring.liquibase.user", () -> OWNER);
    registry.add("spring.liquibase.password", () -> "");
    registry.add("spring.liquibase.parameters.runtimeRole", () -> RUNTIME);
  }

  /** The test database server's host and port, as {@code host:port}. */
  public static String hostAndPort() {
    String url = target().url();
    int start = "jdbc:postgresql://".length();
    return url.substring(start, url.indexOf('/', start));
  }

  /** The test database's JDBC URL. */
  public static String url() {
    return target().url();
  }

  /** Connections as the schema's owner: all privileges, but the journal's triggers still apply. */
  public static DataSource owner() {
    return new DriverManagerDataSource(target().url(), OWNER, "");
  }

  /** The superuser's name and password, for tests of what the service refuses to run as. */
  public static String[] superuserCredentials() {
    return new String[] {target().superuser(), target().password()};
  }

  /** Connections as a superuser, for tests that must get past every defence (tampering). */
  public static DataSource superuser() {
    Target db = target();
    return new DriverManagerDataSource(db.url(), db.superuser(), db.password());
  }

  /**
   * A further empty database on the same server, owned by {@value #OWNER} and dropped when the JVM
   * exits, for tests that migrate a database of their own (a schema as an older release left it).
   *
   * @return its JDBC URL
   */
  public static String scratchDatabase() {
    Target db = target();
    String admin = db.url().substring(0, db.url().lastIndexOf('/') + 1) + "postgres";
    String name = "ledger_scratch_" + UUID.randomUUID().toString().replace("-", "");
    execute(admin, db.superuser(), db.password(), createDatabase(name));
    dropAtExit(admin, db.superuser(), db.password(), name);
    return db.url().substring(0, db.url().lastIndexOf('/') + 1) + name;
  }

  /**
   * Migrates a database of the test's own ({@link #scratchDatabase}) with Liquibase as {@value
   * #OWNER}, from a session in the given time zone (a JDBC session otherwise takes the JVM's).
   *
   * @param changelog the changelog's classpath location
   * @param sessionZone the session's {@code TimeZone}, such as {@code America/New_York}
   */
  public static void migrate(String url, String changelog, String sessionZone) {
    try (Connection connection = DriverManager.getConnection(url, OWNER, "")) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET TIME ZONE '" + sessionZone + "'");
      }
      try (Liquibase liquibase =
          new Liquibase(
              changelog,
              new ClassLoaderResourceAccessor(),
              DatabaseFactory.getInstance()
                  .findCorrectDatabaseImplementation(new JdbcConnection(connection)))) {
        liquibase.setChangeLogParameter("runtimeRole", RUNTIME);
        liquibase.update(new Contexts(), new LabelExpression());
      }
    } catch (SQLException | LiquibaseException e) {
      throw new IllegalStateException("migrating " + url + " with " + changelog + " failed", e);
    }
  }

  private static synchronized Target target() {
    if (target == null) {
      if ("embedded".equals(System.getenv("LEDGER_TEST_PG"))) {
        target = embedded();
      } else if (dockerAvailable()) {
        target = container();
      } else {
        target = localServerAnswers() ? localDatabase() : embedded();
      }
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
    String admin = container.getJdbcUrl();
    createRoles(admin, container.getUsername(), container.getPassword());
    String name = "ledger_test";
    execute(admin, container.getUsername(), container.getPassword(), createDatabase(name));
    System.out.println("[test-db] Testcontainers PostgreSQL at " + admin);
    return new Target(
        admin.substring(0, admin.lastIndexOf('/') + 1) + name,
        container.getUsername(),
        container.getPassword());
  }

  private static String localHost() {
    return System.getenv().getOrDefault("LEDGER_TEST_PG_HOST", "127.0.0.1");
  }

  private static String localPort() {
    return System.getenv().getOrDefault("LEDGER_TEST_PG_PORT", "5432");
  }

  private static boolean localServerAnswers() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(localHost(), Integer.parseInt(localPort())), 2_000);
      return true;
    } catch (IOException nothingThere) {
      return false;
    }
  }

  /** A server of this JVM's own; its directory goes when the JVM exits, after the server. */
  private static Target embedded() {
    Path directory;
    try {
      directory = Files.createTempDirectory("ledger-test-pg");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(directory.resolve("data"), directory.resolve("binaries"), 0);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> {
              server.close();
              deleteTree(directory);
            }));
    String admin = server.jdbcUrl("postgres");
    String name = "ledger_test";
    createRoles(admin, EmbeddedPostgresServer.SUPERUSER, "");
    execute(admin, EmbeddedPostgresServer.SUPERUSER, "", createDatabase(name));
    System.out.println(
        "[test-db] no Docker engine and no local PostgreSQL: embedded PostgreSQL at " + admin);
    return new Target(server.jdbcUrl(name), EmbeddedPostgresServer.SUPERUSER, "");
  }

  private static void deleteTree(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      System.err.println("[test-db] could not delete " + directory + ": " + e.getMessage());
    }
  }

  private static Target localDatabase() {
    String host = localHost();
    String port = localPort();
    String user = System.getenv().getOrDefault("LEDGER_TEST_PG_USER", "postgres");
    String admin = "jdbc:postgresql://" + host + ":" + port + "/postgres";
    String name = "ledger_test_" + UUID.randomUUID().toString().replace("-", "");
    createRoles(admin, user, "");
    execute(admin, user, "", createDatabase(name));
    dropAtExit(admin, user, "", name);
    System.out.println(
        "[test-db] no Docker engine: local PostgreSQL at "
            + host
            + ":"
            + port
            + ", database "
            + name
            + " owned by "
            + OWNER
            + ", service role "
            + RUNTIME);
    return new Target("jdbc:postgresql://" + host + ":" + port + "/" + name, user, "");
  }

  private static void dropAtExit(String adminUrl, String user, String password, String name) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() ->
                execute(
                    adminUrl,
                    user,
                    password,
                    "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")));
  }

  private static String createDatabase(String name) {
    return "CREATE DATABASE " + name + " OWNER " + OWNER;
  }

  /**
   * Roles are global to the server and test JVMs run side by side, so each is created only if
   * missing, tolerating a concurrent creation.
   */
  private static void createRoles(String adminUrl, String user, String password) {
    for (String role : new String[] {OWNER, RUNTIME}) {
      execute(
          adminUrl,
          user,
          password,
          "DO $$ BEGIN CREATE ROLE "
              + role
              + " LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$");
    }
  }

  private static void execute(String url, String user, String password, String sql) {
    try (Connection connection = DriverManager.getConnection(url, user, password);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("test database setup failed: " + sql, e);
    }
  }
}
