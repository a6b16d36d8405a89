package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md names the code it describes in backticks; every such name must still exist,
 * so a rename or a removal that leaves the document behind fails the build. A name is a type
 * declared in the project's sources (main or test, any module) or in {@code java.lang}, and a
 * {@code Type.member} must be a method, field or nested type declared in that type's file.
 */
class ArchitectureDocTest {

  private static final Path ROOT = Path.of("..");
  private static final Path DOC = ROOT.resolve(Path.of("docs", "architecture.md"));

  // `TransferService`, `Movement.plan(...)`, `PostingPlan.allowancesAfter`, `Sweep.ShardEmptied`:
  // a capitalised camel-case name, optionally dotted members, optionally a call's parentheses.
  private static final Pattern NAMED =
      Pattern.compile("`([A-Z][a-z][A-Za-z0-9]*)((?:\\.[A-Za-z][A-Za-z0-9]*)*)(?:\\([^`]*\\))?`");
  private static final Pattern DECLARED =
      Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z][A-Za-z0-9]*)");

  @Test
  void everyCodeIdentifierTheArchitectureDocNamesExists() throws IOException {
    Map<String, List<String>> sourcesByType = declaredTypes();
    List<String> missing = new ArrayList<>();
    Matcher named = NAMED.matcher(Files.readString(DOC));
    while (named.find()) {
      String type = named.group(1);
      List<String> sources = sourcesByType.get(type);
      if (sources == null) {
        if (!inJavaLang(type)) {
          missing.add(named.group());
        }
        continue;
      }
      for (String member : named.group(2).split("\\.")) {
        if (!member.isEmpty() && sources.stream().noneMatch(src -> declares(src, member))) {
          missing.add(named.group());
        }
      }
    }
    assertThat(missing)
        .as("names in docs/architecture.md that no longer exist in the code")
        .isEmpty();
  }

  /** Each type's simple name and the sources that declare one by that name. */
  private static Map<String, List<String>> declaredTypes() throws IOException {
    Map<String, List<String>> types = new HashMap<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files
          .filter(file -> file.toString().endsWith(".java"))
          .filter(file -> !file.toString().contains("/target/"))
          .filter(file -> !file.toString().contains("/node_modules/"))
          .forEach(file -> {
            String source = read(file);
            Matcher declared = DECLARED.matcher(source);
            while (declared.find()) {
              types.computeIfAbsent(declared.group(1), name -> new ArrayList<>()).add(source);
            }
          });
    }
    return types;
  }

  private static boolean declares(String source, String member) {
    return Pattern.compile(
            "\\b"
                + member
                + "\\s*\\(|\\b(?:class|interface|record|enum)\\s+"
                + member
                + "\\b|\\b"
                + member
                + "\\s*[=;,)]")
        .matcher(source)
        .find();
  }

  private static boolean inJavaLang(String type) {
    try {
      Class.forName("java.lang." + type);
      return true;
    } catch (ClassNotFoundException notThere) {
      return false;
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
