import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The failover drill's clients (ops/failover/drill.sh): opens and funds the wallets, then sends
 * transfers from many clients for a while, each retried with its own Idempotency-Key until the
 * service gives a definite answer (201 posted, or 422 refused) however many times it answers 5xx,
 * times out or drops the connection meanwhile, as a wallet app does. Then checks that every
 * acknowledged transfer is in the ledger and that every balance is its opening plus what was
 * acknowledged. Writes its figures to DIR/drill.properties.
 *
 * <p>java ops/failover/DrillClient.java BASE_URL DIR SECONDS CLIENTS, with DIR/tokens.txt ("user-id
 * token" per line, one wallet each, from bench/Tokens.java) and LEDGER_OPERATOR_TOKEN set.
 */
public class DrillClient {

  private static final long OPENING = 1_000_000;
  private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(3);
  private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
  private static final Pattern TRANSACTION =
      Pattern.compile("\"transactionId\"\\s*:\\s*\"([0-9a-f-]+)\"");
  private static final Pattern CODE = Pattern.compile("\"code\"\\s*:\\s*\"([A-Z_]+)\"");
  private static final Pattern BALANCE = Pattern.compile("\"balance\"\\s*:\\s*(-?\\d+)");

  record Wallet(long id, String token) {}

  record Acknowledged(String transactionId, long from, long to, long amount) {}

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final String base;
  private final String operator = System.getenv("LEDGER_OPERATOR_TOKEN");
  private final Map<String, AtomicLong> retriedAfter = new ConcurrentHashMap<>();
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong lastAnswerNanos = new AtomicLong();
  private final AtomicLong longestGapNanos = new AtomicLong();
  private final AtomicLong unresolved = new AtomicLong();

  DrillClient(String base) {
    this.base = base;
  }

  public static void main(String[] args) throws Exception {
    DrillClient drill = new DrillClient(args[0]);
    Path dir = Path.of(args[1]);
    long seconds = Long.parseLong(args[2]);
    int clients = Integer.parseInt(args[3]);
    List<Wallet> wallets = drill.openWallets(Files.readAllLines(dir.resolve("tokens.txt")));
    Files.writeString(dir.resolve("wallets-ready"), "");
    Queue<Acknowledged> acknowledged = drill.load(wallets, seconds, clients);
    drill.verify(wallets, acknowledged, dir);
  }

  private List<Wallet> openWallets(List<String> tokens) {
    List<Wallet> wallets = new ArrayList<>();
    for (String line : tokens) {
      String token = line.split(" ")[1];
      String created = settle("/v1/accounts", token, null, "{\"currency\":\"VND\"}").body();
      long id = Long.parseLong(field(ID, created));
      settle(
          "/v1/deposits",
          operator,
          UUID.randomUUID().toString(),
          "{\"accountId\":" + id + ",\"amount\":" + OPENING + "}");
      wallets.add(new Wallet(id, token));
    }
    System.out.println("drill: " + wallets.size() + " wallets opened and funded");
    return wallets;
  }

  private Queue<Acknowledged> load(List<Wallet> wallets, long seconds, int clients)
      throws InterruptedException {
    Queue<Acknowledged> acknowledged = new ConcurrentLinkedQueue<>();
    long until = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    lastAnswerNanos.set(System.nanoTime());
    longestGapNanos.set(0);
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int c = 0; c < clients; c++) {
        pool.submit(() -> {
          ThreadLocalRandom random = ThreadLocalRandom.current();
          while (System.nanoTime() < until) {
            Wallet from = wallets.get(random.nextInt(wallets.size()));
            Wallet to = wallets.get(random.nextInt(wallets.size()));
            if (from == to) {
              continue;
            }
            long amount = random.nextLong(1, 1_000);
            HttpResponse<String> answer =
                settle(
                    "/v1/transfers",
                    from.token(),
                    UUID.randomUUID().toString(),
                    "{\"fromAccountId\":%d,\"toAccountId\":%d,\"amount\":%d}"
                        .formatted(from.id(), to.id(), amount));
            if (answer == null) {
              continue;
            }
            if (answer.statusCode() == 201) {
              acknowledged.add(
                  new Acknowledged(field(TRANSACTION, answer.body()), from.id(), to.id(), amount));
            } else {
              refused.incrementAndGet();
            }
          }
          return null;
        });
      }
    }
    return acknowledged;
  }

  /**
   * Sends one request until it gets a definite answer (2xx or 4xx other than 429), retrying with
   * the same key; null when it never does within GIVE_UP_AFTER (counted as unresolved).
   */
  private HttpResponse<String> settle(String path, String token, String key, String body) {
    long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        HttpRequest.Builder request =
            HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
          request.header("Idempotency-Key", key);
        }
        HttpResponse<String> answer =
            http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        int status = answer.statusCode();
        if (status < 500 && status != 429) {
          answered();
          return answer;
        }
        Matcher code = CODE.matcher(answer.body());
        retried(code.find() ? status + " " + code.group(1) : String.valueOf(status));
      } catch (IOException unanswered) {
        // a dropped connection or a timeout: the outcome is unknown, the same key settles it
        retried("no answer");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    unresolved.incrementAndGet();
    return null;
  }

  private void retried(String why) {
    retriedAfter.computeIfAbsent(why, k -> new AtomicLong()).incrementAndGet();
  }

  /** The longest time no request got a definite answer: the clients' view of unavailability. */
  private void answered() {
    long now = System.nanoTime();
    long previous = lastAnswerNanos.getAndSet(now);
    longestGapNanos.accumulateAndGet(now - previous, Math::max);
  }

  private void verify(List<Wallet> wallets, Queue<Acknowledged> acknowledged, Path dir)
      throws IOException, InterruptedException {
    long lost = 0;
    for (Acknowledged transfer : acknowledged) {
      if (get("/v1/transactions/" + transfer.transactionId()).statusCode() != 200) {
        lost++;
      }
    }
    Map<Long, Long> expected = new ConcurrentHashMap<>();
    wallets.forEach(w -> expected.put(w.id(), OPENING));
    for (Acknowledged transfer : acknowledged) {
      expected.merge(transfer.from(), -transfer.amount(), Long::sum);
      expected.merge(transfer.to(), transfer.amount(), Long::sum);
    }
    long wrongBalances = 0;
    long balanceDrift = 0;
    for (Wallet wallet : wallets) {
      long balance = Long.parseLong(field(BALANCE, get("/v1/accounts/" + wallet.id()).body()));
      long drift = balance - expected.get(wallet.id());
      if (drift != 0) {
        wrongBalances++;
        balanceDrift += Math.abs(drift);
      }
    }
    String figures =
        """
        acknowledged=%d
        refused=%d
        retries="%s"
        unresolved=%d
        lost=%d
        wrong_balances=%d
        balance_drift=%d
        longest_gap_ms=%d
        """
            .formatted(
                acknowledged.size(),
                refused.get(),
                new TreeMap<>(retriedAfter).toString().replaceAll("[{}]", ""),
                unresolved.get(),
                lost,
                wrongBalances,
                balanceDrift,
                longestGapNanos.get() / 1_000_000);
    Files.writeString(dir.resolve("drill.properties"), figures);
    System.out.print(figures);
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + operator)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String field(Pattern pattern, String json) {
    Matcher match = pattern.matcher(json);
    if (!match.find()) {
      throw new IllegalStateException("no " + pattern + " in " + json);
    }
    return match.group(1);
  }
}
