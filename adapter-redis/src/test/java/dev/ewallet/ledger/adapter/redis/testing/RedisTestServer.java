package dev.ewallet.ledger.adapter.redis.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;

/**
 * A real Redis server process owned by one test JVM, on a port of its own, that tests may stop and
 * start again: the machine's shared Redis is never disturbed. It runs the machine's {@code
 * redis-server} binary (or {@code LEDGER_TEST_REDIS_SERVER}).
 */
public final class RedisTestServer {

  private final int port = FreePorts.one();
  private Process process;

  public static boolean available() {
    return binary() != null;
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  public synchronized RedisTestServer start() {
    if (process != null && process.isAlive()) {
      return this;
    }
    try {
      process =
          new ProcessBuilder(
                  List.of(
                      binary(),
                      "--port",
                      String.valueOf(port),
                      "--bind",
                      "127.0.0.1",
                      "--save",
                      "",
                      "--appendonly",
                      "no",
                      "--daemonize",
                      "no"))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start redis-server", e);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
    awaitPort(true);
    System.out.println("[test-redis] private redis-server at " + url());
    return this;
  }

  public synchronized void stop() {
    if (process != null) {
      process.destroy();
      try {
        process.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      awaitPort(false);
      System.out.println("[test-redis] stopped redis-server at " + url());
    }
  }

  private void awaitPort(boolean open) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (accepts() != open) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "redis-server at " + port + " did not " + (open ? "start" : "stop"));
      }
      Thread.onSpinWait();
    }
  }

  private boolean accepts() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 100);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  private static String binary() {
    String configured = System.getenv("LEDGER_TEST_REDIS_SERVER");
    if (configured != null) {
      return configured;
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File candidate = new File(dir, "redis-server");
      if (candidate.canExecute()) {
        return candidate.getPath();
      }
    }
    File sbin = new File("/usr/sbin/redis-server");
    return sbin.canExecute() ? sbin.getPath() : null;
  }
}
