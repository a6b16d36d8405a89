package dev.ewallet.ledger;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The modules as layers, defined once: ArchUnit checks the code against them, and the report draws
 * them, so the diagram cannot disagree with the code.
 */
final class HexagonLayers {

  /**
   * A layer: its name, its packages, and the layers allowed to use it (empty: none may).
   *
   * @param module the Maven module that holds it
   */
  record Layer(String name, String module, String packages, List<String> usedBy) {}

  static final List<Layer> LAYERS =
      List.of(
          new Layer(
              "Domain",
              "ledger-domain",
              "dev.ewallet.ledger.domain..",
              List.of(
                  "Application",
                  "REST",
                  "Persistence",
                  "Kafka",
                  "Redis",
                  "BankSimulator",
                  "BankIso20022",
                  "Metrics",
                  "Bootstrap")),
          new Layer(
              "Runtime",
              "ledger-runtime",
              "dev.ewallet.ledger.runtime..",
              List.of("Application", "REST", "Persistence", "Bootstrap")),
          new Layer(
              "Application",
              "ledger-application",
              "dev.ewallet.ledger.application..",
              List.of("Bootstrap")),
          new Layer(
              "REST", "adapter-rest", "dev.ewallet.ledger.adapter.rest..", List.of("Bootstrap")),
          new Layer(
              "Persistence",
              "adapter-persistence-jpa",
              "dev.ewallet.ledger.adapter.persistence..",
              List.of("Bootstrap")),
          new Layer(
              "Kafka", "adapter-kafka", "dev.ewallet.ledger.adapter.kafka..", List.of("Bootstrap")),
          new Layer(
              "Redis", "adapter-redis", "dev.ewallet.ledger.adapter.redis..", List.of("Bootstrap")),
          new Layer(
              "BankSimulator",
              "adapter-bank-simulator",
              "dev.ewallet.ledger.adapter.banksimulator..",
              List.of("Bootstrap")),
          new Layer(
              "BankIso20022",
              "adapter-bank-iso20022",
              "dev.ewallet.ledger.adapter.bankiso20022..",
              List.of("Bootstrap")),
          new Layer(
              "Metrics", "bootstrap", "dev.ewallet.ledger.adapter.metrics..", List.of("Bootstrap")),
          new Layer("Bootstrap", "bootstrap", "dev.ewallet.ledger", List.of()));

  private HexagonLayers() {}

  /** Every layer is used only by the layers listed for it. */
  static ArchRule rule() {
    LayeredArchitecture architecture = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (Layer layer : LAYERS) {
      architecture = architecture.layer(layer.name()).definedBy(layer.packages());
    }
    for (Layer layer : LAYERS) {
      architecture =
          layer.usedBy().isEmpty()
              ? architecture.whereLayer(layer.name()).mayNotBeAccessedByAnyLayer()
              : architecture
                  .whereLayer(layer.name())
                  .mayOnlyBeAccessedByLayers(layer.usedBy().toArray(String[]::new));
    }
    return architecture.as("Each module is used only by the modules the hexagon allows");
  }

  /** The layers as a Mermaid graph: an arrow from each layer to every layer it may use. */
  static String mermaid() {
    StringBuilder graph = new StringBuilder("```mermaid\nflowchart TB\n");
    for (Layer layer : LAYERS) {
      graph.append(
          "  %s[\"%s<br/><code>%s</code>\"]\n"
              .formatted(layer.name(), layer.module(), layer.packages()));
    }
    for (Layer layer : LAYERS) {
      graph.append(
          layer.usedBy().stream()
              .map(user -> "  " + user + " --> " + layer.name() + "\n")
              .collect(Collectors.joining()));
    }
    return graph.append("```\n").toString();
  }
}
