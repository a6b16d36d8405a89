package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Renders the rules of {@link ArchitectureTest} as the report architects read, {@code
 * docs/architecture/rules.md}: each rule, the decision it enforces with its document, its result
 * and its violations, and the module diagram the layered rule checks. Fails when the committed
 * report differs from what the code gives now; {@code -Darchitecture.report.write=true} rewrites
 * it.
 */
class ArchitectureReportTest {

  static final Path REPORT = Path.of("..", "docs", "architecture", "rules.md");

  @Test
  void theCommittedReportMatchesTheRulesAndTheirResults() throws IOException {
    String report = render();
    if (Boolean.getBoolean("architecture.report.write")) {
      Files.createDirectories(REPORT.getParent());
      Files.writeString(REPORT, report);
    }
    assertThat(REPORT)
        .as(
            "docs/architecture/rules.md is stale: run ./mvnw -pl bootstrap test"
                + " -Dtest=ArchitectureReportTest -Darchitecture.report.write=true")
        .exists();
    assertThat(Files.readString(REPORT)).isEqualTo(report);
  }

  @Test
  void everyRuleNamesTheDecisionItEnforces() {
    assertThat(ruleFields())
        .allSatisfy(field -> assertThat(field.getAnnotation(Decision.class)).isNotNull());
    assertThat(ruleFields())
        .allSatisfy(field -> {
          Path doc = Path.of("..", "docs").resolve(field.getAnnotation(Decision.class).doc());
          assertThat(doc).exists();
        });
  }

  private static List<Field> ruleFields() {
    return Arrays.stream(ArchitectureTest.class.getDeclaredFields())
        .filter(field -> field.isAnnotationPresent(ArchTest.class))
        .toList();
  }

  private static String render() {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(new ArchitectureTest.ServiceCodeOnly())
            .importPackages("dev.ewallet.ledger");
    StringBuilder md = new StringBuilder();
    md.append("# Architecture rules\n\n")
        .append("Generated from `bootstrap/src/test/java/dev/ewallet/ledger/ArchitectureTest.java`")
        .append(" by `ArchitectureReportTest`, which fails the build when this file is stale.")
        .append(
            " Each rule runs on every build; a rule that fails also fails `ArchitectureTest`.\n\n")
        .append("## Modules\n\n")
        .append("An arrow means \"may use\". ArchUnit checks the code against exactly this graph")
        .append(" (the rule *Each module is used only by the modules the hexagon allows*).\n\n")
        .append(HexagonLayers.mermaid())
        .append("\n## Rules\n\n")
        .append("| rule | decision | result |\n|---|---|---|\n");
    StringBuilder violations = new StringBuilder();
    for (Field field : ruleFields()) {
      ArchRule rule = rule(field);
      Decision decision = field.getAnnotation(Decision.class);
      EvaluationResult result = rule.evaluate(classes);
      List<String> details = result.getFailureReport().getDetails().stream().sorted().toList();
      md.append(
          "| %s | %s ([%s](../%s)) | %s |\n"
              .formatted(
                  escaped(rule.getDescription()),
                  decision.why(),
                  decision.doc(),
                  decision.doc(),
                  details.isEmpty() ? "passes" : "**fails: " + details.size() + " violations**"));
      if (!details.isEmpty()) {
        violations.append("\n### ").append(escaped(rule.getDescription())).append("\n\n");
        details.forEach(detail -> violations.append("- ").append(escaped(detail)).append('\n'));
      }
    }
    if (!violations.isEmpty()) {
      md.append("\n## Violations\n").append(violations);
    }
    return md.toString();
  }

  /** Markdown would read {@code <Verb>} as an HTML tag and hide it. */
  private static String escaped(String text) {
    return text.replace("<", "&lt;").replace(">", "&gt;");
  }

  private static ArchRule rule(Field field) {
    try {
      return (ArchRule) field.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
