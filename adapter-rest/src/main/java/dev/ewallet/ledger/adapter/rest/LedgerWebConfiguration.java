package dev.ewallet.ledger.adapter.rest;

import dev.ewallet.ledger.adapter.rest.dto.QueryParameterRules;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.dto.TextDeserializer;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.security.CallerArgumentResolver;
import dev.ewallet.ledger.domain.port.in.Caller;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * JSON strictness, the query parameters' rules, the {@code Caller} argument and the OpenAPI
 * description.
 */
@Configuration
class LedgerWebConfiguration implements WebMvcConfigurer {

  /** Object formats other than JSON, whose converters Spring registers when a library is there. */
  private static final List<org.springframework.http.MediaType> NOT_JSON =
      Stream.of(
              "application/yaml",
              "application/xml",
              "text/xml",
              "application/cbor",
              "application/x-jackson-smile")
          .map(org.springframework.http.MediaType::parseMediaType)
          .toList();

  @Override
  public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
    resolvers.add(new CallerArgumentResolver());
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(new QueryParameterRules());
  }

  /**
   * The API reads and writes JSON only. springdoc brings Jackson 2's YAML module, and Spring then
   * registers a YAML converter of its own: a body sent as {@code application/yaml} was read by a
   * mapper without the rules of {@link #strictLedgerJson()}, an amount of {@code 1.9} truncated to
   * 1, a field given twice or unknown accepted. Such a body is now refused as an unsupported media
   * type, and asking for such an answer as not acceptable.
   */
  @Override
  public void configureMessageConverters(HttpMessageConverters.ServerBuilder converters) {
    converters.configureMessageConvertersList(list ->
        list.removeIf(converter ->
            converter.getSupportedMediaTypes().stream()
                .anyMatch(type -> NOT_JSON.stream().anyMatch(type::equalsTypeAndSubtype))));
  }

  /**
   * Money must arrive exactly as written: {@code 1.5} is not silently truncated to 1, {@code "100"}
   * is not read as a number, a field the API does not know is an error, not ignored, a field given
   * twice is an error, not the last one winning ({@code {"amount":1,"amount":90000}}), and text
   * with control characters is refused.
   */
  @Bean
  JsonMapperBuilderCustomizer strictLedgerJson() {
    return builder ->
        builder
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .addModule(
                new SimpleModule("ledger-text")
                    .addDeserializer(String.class, new TextDeserializer()))
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .withCoercionConfig(
                LogicalType.Integer,
                config ->
                    config
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfig(
                LogicalType.Textual,
                config ->
                    config
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
  }

  @Bean
  OpenAPI ledgerOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Wallet ledger API")
                .version("v1")
                .description(
                    "Double-entry e-wallet ledger. Amounts are integers in the currency's minor"
                        + " unit. Money-moving POSTs require an Idempotency-Key header."))
        .components(
            new Components()
                .addSecuritySchemes(
                    "bearer",
                    new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("bearer")
                        .bearerFormat("JWT"))
                .addSchemas(PROBLEM, problemSchema()))
        .addSecurityItem(new SecurityRequirement().addList("bearer"));
  }

  private static final String PROBLEM = "Problem";

  /** RFC 9457, with the stable code clients switch on. */
  private static Schema<?> problemSchema() {
    return new ObjectSchema()
        .description("An error (RFC 9457). Clients switch on `code`, never on `detail`.")
        .addProperty("type", new StringSchema().format("uri"))
        .addProperty("title", new StringSchema())
        .addProperty("status", new IntegerSchema())
        .addProperty("detail", new StringSchema())
        .addProperty("instance", new StringSchema().format("uri"))
        .addProperty(
            "code",
            new StringSchema()
                ._enum(Arrays.stream(ProblemCode.values()).map(ProblemCode::name).toList()))
        .addProperty(
            "traceId",
            new StringSchema()
                .description(
                    "The request's trace id (32 hex digits): the same in the service's log lines"
                        + " and in its trace, for support to find the request"))
        .addProperty(
            "limit",
            new StringSchema()
                .description("LIMIT_EXCEEDED only: the limit reached, dailyOut or monthlyOut"))
        .addProperty(
            "remaining",
            new IntegerSchema()
                .format("int64")
                .description("LIMIT_EXCEEDED only: what the limit still allows, in minor units"))
        .required(List.of("title", "status", "code"));
  }

  /**
   * What the generated description cannot see by itself: the caller comes from the bearer token,
   * not a parameter; every write requires an Idempotency-Key (the controllers check it, so that a
   * missing key is a problem with a code rather than the framework's 400); a resource created or
   * accepted is not answered 200; and every error is a problem document.
   */
  @Bean
  OperationCustomizer ledgerOperations() {
    return (operation, handler) -> {
      Set<String> callers =
          Arrays.stream(handler.getMethodParameters())
              .filter(parameter -> parameter.getParameterType() == Caller.class)
              .map(MethodParameter::getParameterName)
              .collect(Collectors.toSet());
      if (operation.getParameters() != null) {
        operation.getParameters().removeIf(parameter -> callers.contains(parameter.getName()));
        operation.getParameters().stream()
            .filter(parameter -> RequestFields.IDEMPOTENCY_KEY.equals(parameter.getName()))
            .forEach(parameter ->
                parameter
                    .required(true)
                    .description(
                        "1 to 255 visible ASCII characters, given once; the same key and body"
                            + " replay the first answer"));
      }
      ApiResponses responses = operation.getResponses();
      if (responses.keySet().stream()
          .anyMatch(status -> status.startsWith("20") && !"200".equals(status))) {
        responses.remove("200");
      }
      responses.addApiResponse(
          "default",
          new ApiResponse()
              .description("An error, with a stable code")
              .content(
                  new Content()
                      .addMediaType(
                          "application/problem+json",
                          new MediaType()
                              .schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM)))));
      return operation;
    };
  }
}
