package dev.ewallet.ledger;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * The Redis the shared test context uses: a Testcontainers Redis 7 where a Docker engine answers,
 * otherwise the machine's own Redis ({@code LEDGER_TEST_REDIS_URL}, default 127.0.0.1:6379). Tests
 * that stop Redis use a private server instead ({@code RedisTestServer}).
 */
final class SharedRedis {

  private static String url;

  private SharedRedis() {}

  static synchronized String url() {
    if (url == null) {
      url = dockerAvailable() ? container() : local();
    }
    return url;
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException noDocker) {
      return false;
    }
  }

  private static String container() {
    GenericContainer<?> redis = new GenericContainer<>("redis:7-alpine").withExposedPorts(6379);
    redis.start();
    Runtime.getRuntime().addShutdownHook(new Thread(redis::stop));
    String address = "redis://" + redis.getHost() + ":" + redis.getMappedPort(6379);
    System.out.println("[test-redis] Testcontainers Redis at " + address);
    return address;
  }

  private static String local() {
    String address =
        System.getenv().getOrDefault("LEDGER_TEST_REDIS_URL", "redis://127.0.0.1:6379");
    System.out.println("[test-redis] no Docker engine: the machine's Redis at " + address);
    return address;
  }
}
