package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The API reference clients read, kept true: the service's OpenAPI document as it serves it now is
 * committed as {@code docs/openapi.json}, and {@code docs/api.md} is rendered from it. Fails when
 * either is stale; {@code -Dapi.docs.write=true} rewrites both.
 */
class ApiReferenceIT extends LedgerIntegrationTest {

  static final Path OPENAPI = Path.of("..", "docs", "openapi.json");
  static final Path REFERENCE = Path.of("..", "docs", "api.md");

  private static final JsonMapper JSON =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .build();

  @Test
  void theCommittedOpenApiDocumentAndReferenceMatchWhatTheServiceServes() throws IOException {
    JsonNode served = api().get("/v3/api-docs", null).json();
    // The server entry names this test's random port; clients use their own base URL.
    ((ObjectNode) served).remove("servers");
    String openApi = JSON.writeValueAsString(sorted(served)) + "\n";
    String reference = render(served);
    if (Boolean.getBoolean("api.docs.write")) {
      Files.writeString(OPENAPI, openApi);
      Files.writeString(REFERENCE, reference);
    }
    String hint =
        " is stale: run ./mvnw -pl bootstrap verify -Dit.test=ApiReferenceIT -Dapi.docs.write=true";
    assertThat(Files.readString(OPENAPI)).as("docs/openapi.json" + hint).isEqualTo(openApi);
    assertThat(Files.readString(REFERENCE)).as("docs/api.md" + hint).isEqualTo(reference);
  }

  /** Object keys in order, so the committed file does not change with the generator's order. */
  private static Object sorted(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> fields = new TreeMap<>();
      node.properties().forEach(e -> fields.put(e.getKey(), sorted(e.getValue())));
      return fields;
    }
    if (node.isArray()) {
      List<Object> items = new ArrayList<>();
      node.forEach(item -> items.add(sorted(item)));
      return items;
    }
    return node;
  }

  private static String render(JsonNode api) {
    StringBuilder md = new StringBuilder();
    md.append("# API reference\n\n")
        .append("Generated from [openapi.json](openapi.json), the OpenAPI document the service")
        .append(" serves at `/v3/api-docs`, by `ApiReferenceIT`, which fails when either file is")
        .append(" stale. Version ")
        .append(api.path("info").path("version").asText())
        .append(".\n\n")
        .append(api.path("info").path("description").asText())
        .append("\n\n")
        .append("Every request but `/actuator/health` carries `Authorization: Bearer <token>`.")
        .append(" Every write carries an `Idempotency-Key` header, once (1 to 255 visible ASCII")
        .append(" characters): the same key with the same body replays the first answer, with")
        .append(" another body it answers 422 `IDEMPOTENCY_KEY_REUSED`. A route takes only the")
        .append(" query parameters listed for it, each once at most (another, or one given twice:")
        .append(" 400 `VALIDATION_FAILED`). Bodies and answers are")
        .append(" JSON (`application/json`; YAML and XML are refused). Every error is an")
        .append(" `application/problem+json` body (RFC 9457) with a stable `code`, including a")
        .append(" request refused before it reaches a route (a malformed URL or header); a 503")
        .append(" carries `Retry-After`. Amounts are integers in minor units. A browser page on")
        .append(" another origin may call the API only from an origin the operator lists")
        .append(" (`ledger.security.allowed-origins`, CORS; none by default): its preflight is")
        .append(" answered without a token, and a cross-origin call from any other origin is")
        .append(" refused with 403 `FORBIDDEN`.\n\n")
        .append("## Operations\n");
    Map<String, List<String>> byTag = new TreeMap<>();
    api.path("paths")
        .properties()
        .forEach(path ->
            path.getValue()
                .properties()
                .forEach(method -> {
                  JsonNode op = method.getValue();
                  String tag = op.path("tags").path(0).asText("other");
                  byTag
                      .computeIfAbsent(tag, t -> new ArrayList<>())
                      .add(operation(method.getKey(), path.getKey(), op));
                }));
    byTag.forEach((tag, operations) -> {
      md.append("\n### ").append(tag).append("\n");
      operations.stream().sorted().forEach(md::append);
    });
    md.append("\n## Schemas\n");
    new TreeMap<>(fields(api.path("components").path("schemas")))
        .forEach((name, schema) -> md.append(schema(name, schema)));
    return md.toString();
  }

  private static String operation(String method, String path, JsonNode op) {
    StringBuilder md = new StringBuilder();
    md.append("\n#### `").append(method.toUpperCase()).append(' ').append(path).append("`\n\n");
    if (op.has("summary")) {
      md.append(op.path("summary").asText()).append("\n\n");
    }
    if (!op.path("parameters").isEmpty()) {
      md.append("| parameter | in | required | type |\n|---|---|---|---|\n");
      op.path("parameters")
          .forEach(p ->
              md.append("| `")
                  .append(p.path("name").asText())
                  .append("` | ")
                  .append(p.path("in").asText())
                  .append(" | ")
                  .append(p.path("required").asBoolean() ? "yes" : "no")
                  .append(" | ")
                  .append(type(p.path("schema")))
                  .append(" |\n"));
      md.append('\n');
    }
    JsonNode body = op.path("requestBody").path("content");
    if (!body.isEmpty()) {
      md.append("Body: ")
          .append(type(body.properties().iterator().next().getValue().path("schema")));
      md.append("\n\n");
    }
    md.append("| status | meaning | body |\n|---|---|---|\n");
    new TreeMap<>(fields(op.path("responses")))
        .forEach((status, response) -> {
          JsonNode content = response.path("content");
          md.append("| ")
              .append(status)
              .append(" | ")
              .append(response.path("description").asText())
              .append(" | ")
              .append(
                  content.isEmpty()
                      ? "-"
                      : type(content.properties().iterator().next().getValue().path("schema")))
              .append(" |\n");
        });
    return md.toString();
  }

  private static String schema(String name, JsonNode schema) {
    StringBuilder md = new StringBuilder("\n### ").append(name).append("\n\n");
    if (schema.has("description")) {
      md.append(schema.path("description").asText()).append("\n\n");
    }
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(r -> required.add(r.asText()));
    if (schema.path("properties").isEmpty()) {
      return md.append("Type: ").append(type(schema)).append("\n").toString();
    }
    md.append("| field | type | required |\n|---|---|---|\n");
    new TreeMap<>(fields(schema.path("properties")))
        .forEach((field, property) ->
            md.append("| `")
                .append(field)
                .append("` | ")
                .append(type(property))
                .append(" | ")
                .append(required.contains(field) ? "yes" : "no")
                .append(" |\n"));
    return md.toString();
  }

  private static Map<String, JsonNode> fields(JsonNode node) {
    Map<String, JsonNode> fields = new TreeMap<>();
    node.properties().forEach(e -> fields.put(e.getKey(), e.getValue()));
    return fields;
  }

  /** A schema in a few words: a link to a named schema, an array of one, or a type and format. */
  private static String type(JsonNode schema) {
    if (schema.has("$ref")) {
      String name = schema.path("$ref").asText().replace("#/components/schemas/", "");
      return "[" + name + "](#" + name.toLowerCase() + ")";
    }
    if ("array".equals(schema.path("type").asText())) {
      return "array of " + type(schema.path("items"));
    }
    String type = schema.path("type").asText("object");
    if (schema.has("format")) {
      type += " (" + schema.path("format").asText() + ")";
    }
    if (schema.has("enum")) {
      List<String> values = new ArrayList<>();
      schema.path("enum").forEach(v -> values.add(v.asText()));
      type += ": " + String.join(", ", values);
    }
    return type;
  }
}
