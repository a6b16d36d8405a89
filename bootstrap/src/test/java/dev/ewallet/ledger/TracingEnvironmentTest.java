package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** Which OTLP settings the standard OpenTelemetry variables give the service. */
class TracingEnvironmentTest {

  private static StandardEnvironment configured(Map<String, Object> variables) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("given", variables));
    new TracingEnvironment().postProcessEnvironment(environment, new SpringApplication());
    return environment;
  }

  @Test
  void withoutAnEndpointTracingIsOffAndNoConnectionWrapped() {
    StandardEnvironment environment = configured(Map.of());

    assertThat(environment.getProperty(TracingEnvironment.ENDPOINT)).isNull();
    assertThat(environment.getProperty(TracingEnvironment.TRACING)).isEqualTo("false");
    assertThat(environment.getProperty(TracingEnvironment.JDBC_SPANS)).isEqualTo("false");
    assertThat(environment.getProperty(TracingEnvironment.EXCLUDE))
        .isEqualTo(TracingEnvironment.TRACING_HANDLERS);
    assertThat(environment.getProperty(TracingEnvironment.SAMPLING)).isEqualTo("0.0");
  }

  @Test
  void tracingTurnedOnByHandKeepsItsHandlers() {
    StandardEnvironment environment = configured(Map.of(TracingEnvironment.TRACING, "true"));

    assertThat(environment.getProperty(TracingEnvironment.TRACING)).isEqualTo("true");
    assertThat(environment.getProperty(TracingEnvironment.EXCLUDE)).isNull();
    assertThat(environment.getProperty(TracingEnvironment.SAMPLING)).isNull();
  }

  @Test
  void theCollectorsBaseUrlGetsTheTracesPathAndEveryTraceIsSampled() {
    StandardEnvironment environment =
        configured(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/"));

    assertThat(environment.getProperty(TracingEnvironment.ENDPOINT))
        .isEqualTo("http://collector:4318/v1/traces");
    assertThat(environment.getProperty(TracingEnvironment.TRANSPORT)).isEqualTo("http");
    assertThat(environment.getProperty(TracingEnvironment.SAMPLING)).isEqualTo("1.0");
    assertThat(environment.getProperty(TracingEnvironment.TRACING)).isEqualTo("true");
    assertThat(environment.getProperty(TracingEnvironment.JDBC_SPANS)).isEqualTo("true");
    assertThat(environment.getProperty(TracingEnvironment.EXCLUDE)).isNull();
  }

  @Test
  void grpcTakesTheBaseUrlAsItIsAndTheSamplerArgumentSetsTheRatio() {
    StandardEnvironment environment =
        configured(
            Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317",
                "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc",
                "OTEL_TRACES_SAMPLER_ARG", "0.25"));

    assertThat(environment.getProperty(TracingEnvironment.ENDPOINT))
        .isEqualTo("http://collector:4317");
    assertThat(environment.getProperty(TracingEnvironment.TRANSPORT)).isEqualTo("grpc");
    assertThat(environment.getProperty(TracingEnvironment.SAMPLING)).isEqualTo("0.25");
  }

  @Test
  void aTracesEndpointOrAnExplicitPropertyWins() {
    assertThat(
            configured(
                    Map.of(
                        "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318",
                        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://traces:4318/custom"))
                .getProperty(TracingEnvironment.ENDPOINT))
        .isEqualTo("http://traces:4318/custom");
    StandardEnvironment explicit =
        configured(
            Map.of(
                TracingEnvironment.ENDPOINT,
                "http://spring:4318/v1/traces",
                TracingEnvironment.SAMPLING,
                "0.5",
                "OTEL_EXPORTER_OTLP_ENDPOINT",
                "http://collector:4318"));
    assertThat(explicit.getProperty(TracingEnvironment.ENDPOINT))
        .isEqualTo("http://spring:4318/v1/traces");
    assertThat(explicit.getProperty(TracingEnvironment.SAMPLING)).isEqualTo("0.5");
  }
}
