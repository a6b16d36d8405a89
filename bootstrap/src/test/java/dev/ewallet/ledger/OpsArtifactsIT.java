package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Grafana dashboard and the Prometheus alert rules in {@code ops/} are checked against the
 * running service: every metric they query is one {@code /actuator/prometheus} serves, every signal
 * the operators asked for has a panel, every alert links a runbook section that exists, and, where
 * promtool is installed ({@code .ci/run} installs it), the rules pass {@code promtool check rules}
 * and their unit tests.
 */
class OpsArtifactsIT extends LedgerIntegrationTest {

  private static final Path OPS = Path.of("..", "ops");
  private static final Path DASHBOARD = OPS.resolve("grafana/wallet-ledger.json");
  private static final Path RULES = OPS.resolve("prometheus/ledger-alerts.yml");
  private static final Path RULE_TESTS = OPS.resolve("prometheus/ledger-alerts.test.yml");
  private static final Path RUNBOOK = Path.of("..", "docs", "operations.md");

  /** Served once a merchant row has been measured: one series per row. */
  private static final String BUSIEST_ROWS = "ledger_hot_accounts_postings_per_second";

  // Shown once a second after the first shards are opened (the wallets' deposits open them).
  private static final String SHARDS = "ledger_hot_accounts_shards";

  /** Series Prometheus makes itself rather than scraping them. */
  private static final Set<String> MADE_BY_PROMETHEUS = Set.of("up");

  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset");

  @Test
  void everyMetricTheDashboardQueriesIsServed() throws IOException {
    Set<String> served = servedMetrics();
    List<String> queries = dashboardQueries();

    assertThat(queries).hasSizeGreaterThan(20);
    assertThat(queries.stream().flatMap(q -> metricNames(q).stream()))
        .allSatisfy(
            name -> assertThat(served).as("metric queried by the dashboard").contains(name));
  }

  @Test
  void theDashboardShowsEverySignalOperatorsWatch() throws IOException {
    String queries = String.join("\n", dashboardQueries());

    assertThat(queries)
        .contains(
            "ledger_usecase_seconds_count", // throughput per use case
            "ledger_usecase_seconds_bucket", // latency per use case
            "ledger_posting_batch_size", // batch sizes
            "ledger_posting_batch_queue_wait_seconds", // queue wait
            "hikaricp_connections_active", // pool usage
            "status=\"429\"",
            "status=\"503\"",
            "ledger_outbox_backlog",
            "ledger_outbox_oldest_age_seconds",
            "ledger_reconciliation_mismatches",
            "ledger_withdrawals_oldest_pending_age_seconds",
            "ledger_journal_partition_horizon_seconds");
  }

  @Test
  void everyMetricTheAlertsQueryIsServedAndEveryAlertHasARunbook() throws IOException {
    Set<String> served = servedMetrics();
    List<Map<String, Object>> alerts = alertRules();
    String runbook = Files.readString(RUNBOOK);
    Set<String> anchors =
        runbook
            .lines()
            .filter(line -> line.startsWith("#"))
            .map(OpsArtifactsIT::anchor)
            .collect(Collectors.toSet());

    assertThat(alerts.stream().map(rule -> rule.get("alert")))
        .contains(
            "LedgerReconciliationMismatch",
            "LedgerOutboxStuck",
            "LedgerPostingWriterDown",
            "LedgerErrorRatioHigh",
            "LedgerLatencyP99High");
    for (Map<String, Object> rule : alerts) {
      assertThat(metricNames((String) rule.get("expr")))
          .allSatisfy(
              name -> assertThat(served).as("metric of alert " + rule.get("alert")).contains(name));
      @SuppressWarnings("unchecked")
      String link = ((Map<String, String>) rule.get("annotations")).get("runbook_url");
      assertThat(link).as("runbook of " + rule.get("alert")).startsWith("docs/operations.md#");
      assertThat(anchors).as("runbook section").contains(link.substring(link.indexOf('#') + 1));
    }
  }

  @Test
  void theRulesPassPromtoolAndTheirUnitTests() throws Exception {
    assumeTrue(onPath("promtool"), "promtool is not installed (.ci/run installs it)");

    assertThat(promtool("check", "rules", RULES.toString())).contains("SUCCESS");
    assertThat(promtool("test", "rules", RULE_TESTS.toString())).contains("SUCCESS");
  }

  /**
   * What the service serves after a safeguarding check, a transfer and a refusal, so the use-case
   * series exist, and after payments to a merchant, until the hot-account job (every second) has
   * shown its row and the shards.
   */
  private Set<String> servedMetrics() {
    // The safeguarding gauges exist once a check has run: an end-of-day statement runs one, as it
    // would in production, whatever test classes ran before this one.
    leaveSafeguardingCovered();
    Wallet from = walletWith(1_000);
    transfer(from, openWallet().id(), 10, ApiClient.newKey());
    transfer(from, from.id() + 1_000_000, 10, ApiClient.newKey());
    Merchant shop = openMerchant();
    Set<String> names = new TreeSet<>(MADE_BY_PROMETHEUS);
    await(
        () -> {
          transfer(from, shop.id(), 1, ApiClient.newKey());
          names.addAll(scrape());
          return names.contains(BUSIEST_ROWS) && names.contains(SHARDS);
        },
        Duration.ofMinutes(1),
        "the busiest merchant rows and the shards to be shown");
    return names;
  }

  private Set<String> scrape() {
    return api()
        .get("/actuator/prometheus", OPERATOR)
        .body()
        .lines()
        .filter(line -> !line.isBlank() && !line.startsWith("#"))
        .map(line -> line.split("[{ ]", 2)[0])
        .collect(Collectors.toSet());
  }

  private static List<String> dashboardQueries() throws IOException {
    JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
    List<String> queries = new ArrayList<>();
    for (JsonNode panel : dashboard.get("panels")) {
      if (panel.has("targets")) {
        panel.get("targets").forEach(target -> queries.add(target.get("expr").asText()));
      }
    }
    return queries;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> alertRules() throws IOException {
    Map<String, Object> file = new Yaml().load(Files.readString(RULES));
    List<Map<String, Object>> rules = new ArrayList<>();
    for (Map<String, Object> group : (List<Map<String, Object>>) file.get("groups")) {
      rules.addAll((List<Map<String, Object>>) group.get("rules"));
    }
    return rules;
  }

  /**
   * The metric names of a PromQL expression: what is left once strings, label matchers, ranges,
   * grouping clauses, functions (an identifier before a parenthesis) and keywords are taken out.
   */
  static Set<String> metricNames(String expression) {
    String bare =
        expression
            .replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"")
            .replaceAll("\\{[^}]*}", " ")
            .replaceAll("\\[[^]]*]", " ")
            .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ");
    Set<String> names = new TreeSet<>();
    Matcher identifier = IDENTIFIER.matcher(bare);
    while (identifier.find()) {
      String name = identifier.group();
      boolean function = bare.substring(identifier.end()).stripLeading().startsWith("(");
      boolean variable = identifier.start() > 0 && bare.charAt(identifier.start() - 1) == '$';
      if (!function && !variable && !KEYWORDS.contains(name)) {
        names.add(name);
      }
    }
    return names;
  }

  @Test
  void metricNamesAreReadOffExpressionsAsPrometheusWould() {
    assertThat(
            metricNames(
                "sum by (job, le) (rate(http_server_requests_seconds_bucket{uri=~\"/v1/.*\","
                    + "le=\"0.3\"}[5m])) / on (job) max(up{job=\"a\"}) > 0.01 and"
                    + " time() - ledger_reconciliation_last_run > 26 * 3600"))
        .containsExactly(
            "http_server_requests_seconds_bucket", "ledger_reconciliation_last_run", "up");
  }

  /** GitHub's anchor of a Markdown heading. */
  private static String anchor(String heading) {
    return heading
        .replaceFirst("^#+\\s*", "")
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^a-z0-9 _-]", "")
        .replace(' ', '-');
  }

  private static boolean onPath(String command) {
    return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
        .filter(dir -> !dir.isEmpty())
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
  }

  private static String promtool(String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of("promtool"));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    return output;
  }
}
