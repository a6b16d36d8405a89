import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Turns bench/run.sh's results into bench/out/report.md and bench/out/chart.html, and fails (exit
 * 1) when any response was 5xx or a socket error, or the books do not reconcile. Run with the JDK's
 * source launcher: java bench/Report.java results.tsv profile.txt outDir description recon.
 */
public class Report {

  record Row(
      String scenario, int connections, double rps, String p50, String p95, String p99,
      String p999, String statuses, String cpu, String rss, String jvmPer1k, String pgPer1k) {}

  public static void main(String[] args) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[0])).subList(1, Files.readAllLines(Path.of(args[0])).size())) {
      String[] f = line.split("\t");
      rows.add(new Row(f[0], Integer.parseInt(f[1]), Double.parseDouble(f[2]), f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11]));
    }
    Path out = Path.of(args[2]);
    String reconciliation = args[4];
    StringBuilder md = new StringBuilder("# Benchmark report\n\n").append(args[3]).append("\n\n");
    md.append("| scenario | connections | req/s | p50 ms | p95 ms | p99 ms | p99.9 ms | statuses | service CPU cores | service RSS MB | JVM CPU s / 1k | PostgreSQL CPU s / 1k |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
    boolean failed = false;
    for (Row r : rows) {
      if (r.scenario().equals("warmup") || r.scenario().equals("profiled")) {
        continue;
      }
      md.append(String.format("| %s | %d | %.0f | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
          r.scenario(), r.connections(), r.rps(), r.p50(), r.p95(), r.p99(), r.p999(),
          r.statuses(), r.cpu(), r.rss(), r.jvmPer1k(), r.pgPer1k()));
      failed |= r.statuses().matches(".*\\b5\\d\\d:.*");
      // A run of the service's without a single 2xx measured nothing but a refusal (a wrong token,
      // a body the API no longer takes): the harness itself is broken.
      failed |= !r.statuses().equals("-") && !r.statuses().matches("(.*\\b)?2\\d\\d:.*");
    }
    StringBuilder ceiling = new StringBuilder();
    for (int c : new TreeSet<>(rows.stream().map(Row::connections).toList())) {
      Double u = ratio(rows, "uniform", "pgbench-uniform", c);
      Double h = ratio(rows, "hot", "pgbench-hot", c);
      if (u != null || h != null) {
        ceiling.append(String.format("| %d | %s | %s |%n", c, fmt(u), fmt(h)));
      }
    }
    if (!ceiling.isEmpty()) {
      md.append("\n## Service / pgbench ceiling\n\n| connections | uniform | hot account |\n|---:|---:|---:|\n")
          .append(ceiling);
    }
    seed(md, rows);
    reads(md, rows);
    Double bulk = best(rows, "bulk");
    Double uniform = best(rows, "uniform");
    if (bulk != null && uniform != null) {
      md.append("\n## Batches of 100 / single transfers\n\nbulk's req/s counts the transfers")
          .append(" posted (100 per request, at an eighth of the connections) and its latencies")
          .append(" are a whole batch's. Most transfers/s reached, bulk / uniform: ")
          .append(fmt(bulk / uniform)).append('\n');
    }
    md.append("\n## Where the time goes (profile of a run of its own)\n\n```\n")
        .append(Files.readString(Path.of(args[1])))
        .append("```\n\n## Reconciliation after the runs\n\n`").append(reconciliation).append("`\n");
    failed |= !reconciliation.contains("\"mismatches\":[]");
    md.append("\nVerdict: ").append(failed ? "FAILED (5xx responses, a run without a 2xx, or books not balanced)" : "passed: no 5xx, books balance").append('\n');
    Files.writeString(out.resolve("report.md"), md);
    Files.writeString(out.resolve("chart.html"), chart(rows, args[3]));
    System.out.print(md);
    System.exit(failed ? 1 : 0);
  }

  /**
   * The service against the seed's plain design measured right after it (bench/run.sh --peer):
   * the closed economy against the seed's uniform transfers among as many accounts, the hot wallet
   * and the sharded merchant against the seed's hot account; each side's CPU per transfer (JVM /
   * PostgreSQL, ms). Then the merchant against the closed economy of the same run.
   */
  private static void seed(StringBuilder md, List<Row> rows) {
    StringBuilder table = new StringBuilder();
    for (int c : new TreeSet<>(rows.stream().map(Row::connections).toList())) {
      for (String scenario : List.of("closed", "hot", "merchant")) {
        Row service = row(rows, scenario, c);
        Row seed = row(rows, scenario.equals("closed") ? "seed-closed" : "seed-hot", c);
        if (service == null || seed == null || seed.rps() == 0) {
          continue;
        }
        table.append(String.format("| %d | %s | %.0f | %.0f | %.2f | %s / %s | %s / %s |%n",
            c, scenario, service.rps(), seed.rps(), service.rps() / seed.rps(),
            service.jvmPer1k(), service.pgPer1k(), seed.jvmPer1k(), seed.pgPer1k()));
      }
    }
    if (!table.isEmpty()) {
      md.append("\n## Service / the seed's code, measured right after\n\n")
          .append("| connections | scenario | service req/s | seed's req/s | ratio")
          .append(" | service CPU s / 1k (JVM / PostgreSQL) | seed's CPU s / 1k |\n")
          .append("|---:|---|---:|---:|---:|---|---|\n")
          .append(table);
    }
    for (int c : new TreeSet<>(rows.stream().map(Row::connections).toList())) {
      Double merchant = ratio(rows, "merchant", "closed", c);
      if (merchant != null) {
        md.append(String.format("%nThe merchant with 16 shards / the closed economy at %d"
            + " connections: %s%n", c, fmt(merchant)));
      }
      Double campaign = ratio(rows, "campaign", "merchant", c);
      if (campaign != null) {
        md.append(String.format("%nThe merchant opened without shards and split by the ledger"
            + " / the merchant opened with 16 at %d connections: %s%n", c, fmt(campaign)));
      }
    }
  }

  /**
   * Each read scenario against the uniform transfers at the same connection count: the rates'
   * ratio, which the cheap-reads target puts at four or more, and the service's CPU per request
   * (JVM and PostgreSQL) for each, whose ratio is what the rates' ratio would be without the load
   * generator and the kernel sharing the cores.
   */
  private static void reads(StringBuilder md, List<Row> rows) {
    StringBuilder table = new StringBuilder();
    for (int c : new TreeSet<>(rows.stream().map(Row::connections).toList())) {
      Row transfers = row(rows, "uniform", c);
      if (transfers == null || transfers.rps() == 0) {
        continue;
      }
      double transferCpu = serviceCpu(transfers);
      for (String scenario : List.of("read", "balance", "history", "floor")) {
        Row reads = row(rows, scenario, c);
        if (reads == null || reads.rps() == 0) {
          continue;
        }
        double readCpu = serviceCpu(reads);
        table.append(String.format("| %d | %s | %.2f | %.3f | %.3f | %s |%n",
            c, scenario, reads.rps() / transfers.rps(), transferCpu, readCpu,
            readCpu > 0 ? fmt(transferCpu / readCpu) : "-"));
      }
    }
    if (!table.isEmpty()) {
      md.append("\n## Reads / uniform transfers of the same run\n\nThe target is four or more.")
          .append(" Service CPU is the JVM's and PostgreSQL's, in ms per request; floor is the")
          .append(" liveness probe with a token, a request answered without a statement: about")
          .append(" the least any read can cost (the actuator's health lookup is in it too).\n\n")
          .append("| connections | reads | reads / transfers | service CPU per transfer")
          .append(" | service CPU per read | transfer CPU / read CPU |\n")
          .append("|---:|---|---:|---:|---:|---:|\n")
          .append(table);
    }
  }

  private static double serviceCpu(Row r) {
    return Double.parseDouble(r.jvmPer1k()) + Double.parseDouble(r.pgPer1k());
  }

  private static Row row(List<Row> rows, String scenario, int c) {
    return rows.stream().filter(r -> r.scenario().equals(scenario) && r.connections() == c)
        .findFirst().orElse(null);
  }

  private static Double ratio(List<Row> rows, String service, String ceiling, int c) {
    Double s = rps(rows, service, c);
    Double p = rps(rows, ceiling, c);
    return s == null || p == null || p == 0 ? null : s / p;
  }

  /** The highest rate the scenario reached at any connection count, or null when it did not run. */
  private static Double best(List<Row> rows, String scenario) {
    return rows.stream().filter(r -> r.scenario().equals(scenario))
        .map(Row::rps).max(Double::compare).orElse(null);
  }

  private static Double rps(List<Row> rows, String scenario, int c) {
    Row r = row(rows, scenario, c);
    return r == null ? null : r.rps();
  }

  private static String fmt(Double ratio) {
    return ratio == null ? "-" : String.format("%.2f", ratio);
  }

  /** Two line charts as inline SVG: throughput and p99 against connections, one line a scenario. */
  private static String chart(List<Row> rows, String title) {
    Map<String, List<Row>> series = new LinkedHashMap<>();
    for (String s : List.of("uniform", "hot", "closed", "merchant", "campaign", "read", "bulk", "pgbench-uniform", "pgbench-hot",
        "seed-closed", "seed-hot")) {
      List<Row> points = rows.stream().filter(r -> r.scenario().equals(s)).toList();
      if (!points.isEmpty()) {
        series.put(s, points);
      }
    }
    String[] colours = {"#1f77b4", "#d62728", "#17becf", "#e377c2", "#2ca02c", "#9467bd",
        "#ff7f0e", "#8c564b", "#7f7f7f", "#bcbd22"};
    return "<!doctype html><meta charset=utf-8><title>Ledger benchmark</title><h1>Ledger benchmark</h1><p>"
        + title + "</p>"
        + svg("requests/s", series, colours, r -> r.rps())
        + svg("p99 latency (ms)", series, colours, r -> Double.parseDouble(r.p99()));
  }

  private static String svg(String label, Map<String, List<Row>> series, String[] colours,
      java.util.function.ToDoubleFunction<Row> value) {
    int w = 640, h = 320, pad = 50;
    double maxY = series.values().stream().flatMap(List::stream).mapToDouble(value).max().orElse(1) * 1.1;
    List<Integer> xs = new ArrayList<>(new TreeSet<>(series.values().stream().flatMap(List::stream).map(Row::connections).toList()));
    StringBuilder svg = new StringBuilder("<h2>" + label + " by connections</h2><svg width=" + w + " height=" + h + " style='font:12px sans-serif'>");
    svg.append("<line x1=" + pad + " y1=" + (h - pad) + " x2=" + (w - pad) + " y2=" + (h - pad) + " stroke=black />");
    svg.append("<line x1=" + pad + " y1=" + pad / 2 + " x2=" + pad + " y2=" + (h - pad) + " stroke=black />");
    svg.append("<text x=5 y=" + (pad / 2 + 4) + ">" + String.format("%.0f", maxY) + "</text>");
    for (int i = 0; i < xs.size(); i++) {
      svg.append("<text x=" + x(i, xs.size(), w, pad) + " y=" + (h - pad + 16) + ">" + xs.get(i) + "</text>");
    }
    int k = 0;
    for (Map.Entry<String, List<Row>> s : series.entrySet()) {
      StringBuilder points = new StringBuilder();
      for (Row r : s.getValue()) {
        int i = xs.indexOf(r.connections());
        points.append(x(i, xs.size(), w, pad)).append(',')
            .append(String.format("%.1f", (h - pad) - value.applyAsDouble(r) / maxY * (h - 1.5 * pad))).append(' ');
      }
      String colour = colours[k % colours.length];
      svg.append("<polyline fill=none stroke-width=2 stroke='" + colour + "' points='" + points + "'/>");
      svg.append("<text x=" + (w - pad - 110) + " y=" + (pad / 2 + 14 * (k + 1)) + " fill='" + colour + "'>" + s.getKey() + "</text>");
      k++;
    }
    return svg.append("</svg>").toString();
  }

  private static int x(int i, int n, int w, int pad) {
    return n == 1 ? w / 2 : pad + i * (w - 2 * pad) / (n - 1);
  }
}
