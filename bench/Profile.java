import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Summarises an async-profiler CPU profile (collapsed stacks, kernel frames annotated {@code _[k]})
 * of the service: where its CPU went by owner, each sample charged to the JVM's own threads (the
 * JIT compiler, the collector, the rest) or to the innermost library frame on its stack, with the
 * part spent in the kernel; then the hottest leaf frames. Run with the JDK's source launcher:
 * java bench/Profile.java profile.collapsed
 */
public class Profile {

  /** Owners of a Java stack, matched innermost frame first; the first owner that matches wins. */
  private static final List<Map.Entry<String, Pattern>> OWNERS =
      List.of(
          Map.entry("Jackson", Pattern.compile("^tools/jackson|^com/fasterxml")),
          Map.entry("Hibernate", Pattern.compile("^org/hibernate")),
          Map.entry("PostgreSQL JDBC driver", Pattern.compile("^org/postgresql")),
          Map.entry("HikariCP", Pattern.compile("^com/zaxxer")),
          Map.entry("Micrometer", Pattern.compile("^io/micrometer")),
          Map.entry("Spring Security", Pattern.compile("^org/springframework/security")),
          Map.entry("Spring web/MVC", Pattern.compile("^org/springframework/(web|http)")),
          Map.entry("Spring (transactions, JDBC, AOP)", Pattern.compile("^org/springframework")),
          Map.entry("Tomcat", Pattern.compile("^org/apache/(catalina|coyote|tomcat)")),
          Map.entry("the ledger's own code", Pattern.compile("^dev/ewallet")),
          Map.entry("Redisson, Netty", Pattern.compile("^org/redisson|^io/netty")),
          Map.entry(
              "virtual-thread scheduling",
              Pattern.compile(
                  "^java/lang/VirtualThread|^jdk/internal/vm/Continuation|ForkJoinPool"
                      + "|DelayScheduler")));

  private static final List<Map.Entry<String, String>> VM_THREADS =
      List.of(
          Map.entry("JVM: JIT compiler threads", "CompileBroker"),
          Map.entry("JVM: garbage collector threads", "G1"),
          Map.entry("JVM: JFR", "Jfr"));

  public static void main(String[] args) throws IOException {
    Map<String, long[]> owners = new LinkedHashMap<>();
    Map<String, Long> leaves = new LinkedHashMap<>();
    long total = 0;
    try (Stream<String> lines = Files.lines(Path.of(args[0]))) {
      for (String line : (Iterable<String>) lines::iterator) {
        int space = line.lastIndexOf(' ');
        long samples = Long.parseLong(line.substring(space + 1));
        String[] frames = line.substring(0, space).split(";");
        String leaf = frames[frames.length - 1];
        long[] counts = owners.computeIfAbsent(owner(frames), k -> new long[2]);
        counts[0] += samples;
        if (leaf.endsWith("_[k]")) {
          counts[1] += samples;
        }
        leaves.merge(leaf, samples, Long::sum);
        total += samples;
      }
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format("%,d samples of the service's CPU%n%n", total));
    out.append(String.format("%7s %9s  %s%n", "share", "in kernel", "owner"));
    long all = total;
    owners.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]))
        .forEach(
            e ->
                out.append(
                    String.format(
                        "%6.1f%% %8.1f%%  %s%n",
                        100.0 * e.getValue()[0] / all,
                        100.0 * e.getValue()[1] / all,
                        e.getKey())));
    out.append(String.format("%nhottest leaf frames%n"));
    leaves.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(20)
        .forEach(
            e -> out.append(String.format("%6.1f%%  %s%n", 100.0 * e.getValue() / all, e.getKey())));
    System.out.print(out);
  }

  private static String owner(String[] frames) {
    if (frames[0].startsWith("clone") || frames[0].startsWith("start_thread")) {
      String stack = String.join(";", frames);
      return VM_THREADS.stream()
          .filter(vm -> stack.contains(vm.getValue()))
          .map(Map.Entry::getKey)
          .findFirst()
          .orElse("JVM: other native threads");
    }
    for (int i = frames.length - 1; i >= 0; i--) {
      String frame = frames[i];
      for (Map.Entry<String, Pattern> owner : OWNERS) {
        if (owner.getValue().matcher(frame).find()) {
          return owner.getKey();
        }
      }
    }
    return "the JDK and unattributed frames";
  }
}
