package dev.ewallet.ledger;

import dev.ewallet.ledger.adapter.redis.testing.FreePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.springframework.util.FileSystemUtils;

/**
 * A PostgreSQL primary of the test's own (initdb'd, so it accepts replication connections without
 * touching the machine's server) and a streaming replica of it started by {@code
 * ops/replica/start.sh}, the script operators use. Both run from the machine's PostgreSQL binaries
 * on free ports under {@code /tmp} and are removed when the JVM exits. The primary holds one
 * database owned by the tests' owner role, with the runtime role beside it.
 */
final class ReplicatedPostgres {

  static final String DATABASE = "ledger";

  private final Path root = Path.of("/tmp", "ledger-it-" + UUID.randomUUID());
  private final Path primaryDir = root.resolve("primary");
  private final Path replicaDir = root.resolve("replica");
  private final String bin = binaries().orElseThrow();
  private final int primaryPort = FreePorts.one();
  private final int replicaPort = FreePorts.one();

  ReplicatedPostgres start() {
    run(List.of("mkdir", "-p", primaryDir.toString()), false);
    ownedByTheServerUser(root);
    run(
        List.of(
            bin + "/initdb",
            "-D",
            primaryDir.resolve("data").toString(),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-sync"),
        true);
    run(
        List.of(
            "bash",
            "-c",
            "cat >> "
                + primaryDir.resolve("data/postgresql.conf")
                + " <<CONF\nport = "
                + primaryPort
                + "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '"
                + primaryDir
                + "'\nfsync = off\nCONF"),
        true);
    run(
        List.of(
            bin + "/pg_ctl",
            "-D",
            primaryDir.resolve("data").toString(),
            "-l",
            primaryDir.resolve("server.log").toString(),
            "-w",
            "-t",
            "60",
            "start"),
        true);
    Runtime.getRuntime().addShutdownHook(new Thread(this::remove));
    for (String sql :
        List.of(
            "CREATE ROLE ledger_test_owner LOGIN",
            "CREATE ROLE ledger_test_app LOGIN",
            "CREATE DATABASE " + DATABASE + " OWNER ledger_test_owner")) {
      execute(primaryPort, sql);
    }
    run(
        List.of(
            "bash",
            "ops/replica/start.sh",
            "--primary",
            "127.0.0.1:" + primaryPort,
            "--port",
            String.valueOf(replicaPort),
            "--dir",
            replicaDir.toString()),
        false);
    return this;
  }

  String primaryUrl() {
    return "jdbc:postgresql://127.0.0.1:" + primaryPort + "/" + DATABASE;
  }

  String replicaUrl() {
    return "jdbc:postgresql://127.0.0.1:" + replicaPort + "/" + DATABASE;
  }

  /** Runs {@code sql} on the replica as the superuser (pausing and resuming its replay). */
  void onReplica(String sql) {
    execute(replicaPort, sql);
  }

  void stopReplica() {
    run(List.of("bash", "ops/replica/stop.sh", "--dir", replicaDir.toString()), false);
  }

  private void remove() {
    if (Files.exists(replicaDir)) {
      stopReplica();
    }
    run(
        List.of(
            bin + "/pg_ctl",
            "-D",
            primaryDir.resolve("data").toString(),
            "-m",
            "immediate",
            "stop"),
        true);
    FileSystemUtils.deleteRecursively(root.toFile());
  }

  private static void execute(int port, String sql) {
    try (Connection connection =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres", "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + " failed on port " + port, e);
    }
  }

  /** Runs a command from the project's root, as the server's OS user when asked and root. */
  private static void run(List<String> command, boolean asServerUser) {
    List<String> line = new ArrayList<>();
    if (asServerUser && isRoot()) {
      line.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    line.addAll(command);
    try {
      Path log = Files.createTempFile("replicated-postgres", ".log");
      Process process =
          new ProcessBuilder(line)
              .directory(projectRoot().toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(line + " failed:\n" + Files.readString(log));
      }
      Files.delete(log);
    } catch (IOException e) {
      throw new IllegalStateException(line + " could not run", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(line + " interrupted", e);
    }
  }

  private static void ownedByTheServerUser(Path path) {
    if (isRoot()) {
      run(List.of("chown", "-R", "postgres:", path.toString()), false);
    }
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static Path projectRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (!Files.exists(dir.resolve("ops/replica/start.sh"))) {
      dir = dir.getParent();
    }
    return dir;
  }

  /** Whether this machine has PostgreSQL's server binaries (Debian's layout). */
  static boolean available() {
    return binaries().isPresent();
  }

  private static Optional<String> binaries() {
    Path installed = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(installed)) {
      return Optional.empty();
    }
    try (var versions = Files.list(installed)) {
      return versions
          .map(version -> version.resolve("bin"))
          .filter(dir -> Files.isExecutable(dir.resolve("pg_ctl")))
          .max((a, b) -> Integer.compare(major(a), major(b)))
          .map(Path::toString);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int major(Path bin) {
    return Integer.parseInt(bin.getParent().getFileName().toString());
  }
}
