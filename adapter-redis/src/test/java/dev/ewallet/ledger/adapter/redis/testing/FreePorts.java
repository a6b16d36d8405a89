package dev.ewallet.ledger.adapter.redis.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Ports for servers that a test names before they listen: another process started later, or a port
 * the service is pointed at before anything listens there. They are chosen below Linux's ephemeral
 * range (32768-60999), from which the kernel takes the local end of every outgoing connection: a
 * port there that is free when chosen can be an open connection's own by the time the server binds
 * it, and a client that keeps reconnecting to it can even connect to itself (the failover drill's
 * standby once failed to bind its fixed port in that range). Here, beside the Redis test server
 * that needs them, for every module whose tests start servers.
 */
public final class FreePorts {

  private static final int LOWEST = 20_000;
  private static final int EPHEMERAL = 32_768;

  private FreePorts() {}

  /** A port that nothing listens on now. */
  public static int one() {
    return consecutive(1);
  }

  /** The first of {@code count} consecutive ports that nothing listens on now. */
  public static int consecutive(int count) {
    for (int attempt = 0; attempt < 1_000; attempt++) {
      int first = ThreadLocalRandom.current().nextInt(LOWEST, EPHEMERAL - count);
      if (IntStream.range(first, first + count).allMatch(FreePorts::free)) {
        return first;
      }
    }
    throw new IllegalStateException("no " + count + " consecutive free ports below " + EPHEMERAL);
  }

  private static boolean free(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException taken) {
      return false;
    }
  }
}
