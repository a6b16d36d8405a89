package dev.ewallet.ledger;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Turns trace export on exactly when an OTLP endpoint is configured: the Spring property {@value
 * #ENDPOINT}, or OpenTelemetry's standard {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} (used as it
 * is) or {@code OTEL_EXPORTER_OTLP_ENDPOINT} (the collector's base URL; {@code /v1/traces} is added
 * for HTTP), with {@code OTEL_EXPORTER_OTLP_PROTOCOL} choosing {@code grpc} or HTTP. With an
 * endpoint, every trace is sampled unless {@code OTEL_TRACES_SAMPLER_ARG} gives a ratio, and every
 * JDBC statement gets a span. Without one, tracing is off altogether ({@value #TRACING} false: a
 * tracer that samples nothing, so every span is a no-op; no tracing observation handler or
 * exemplar, no wrapped connection), so it costs nothing; requests still carry a trace id in their
 * log lines and problem bodies, the caller's or a random one, set by the REST adapter's filter.
 *
 * <p>These are defaults, added last: a property set anywhere else wins (a deployment that sets
 * {@value #EXCLUDE} itself keeps the tracing handlers unless it names them too).
 */
class TracingEnvironment implements EnvironmentPostProcessor, Ordered {

  static final String ENDPOINT = "management.opentelemetry.tracing.export.otlp.endpoint";
  static final String TRANSPORT = "management.opentelemetry.tracing.export.otlp.transport";
  static final String SAMPLING = "management.tracing.sampling.probability";
  static final String JDBC_SPANS = "jdbc.datasource-proxy.enabled";
  static final String TRACING = "management.tracing.enabled";
  static final String EXCLUDE = "spring.autoconfigure.exclude";

  /**
   * What tracing adds to every observation even with a no-op tracer: a handler that reads the
   * caller's {@code traceparent} into a span nobody exports, a wrapper around the metrics handler,
   * and exemplars on every histogram (about 3 % of a read's JVM profile, docs/benchmarks/log.md
   * "Reads: pages answered together").
   */
  static final String TRACING_HANDLERS =
      "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration,"
          + "org.springframework.boot.micrometer.tracing.autoconfigure.prometheus"
          + ".PrometheusExemplarsAutoConfiguration";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    boolean grpc = "grpc".equalsIgnoreCase(environment.getProperty("OTEL_EXPORTER_OTLP_PROTOCOL"));
    String endpoint = endpoint(environment, grpc);
    Map<String, Object> defaults = new HashMap<>();
    if (endpoint == null) {
      defaults.put(TRACING, "false");
      defaults.put(JDBC_SPANS, "false");
      if (!environment.getProperty(TRACING, Boolean.class, false)) {
        defaults.put(EXCLUDE, TRACING_HANDLERS);
        // The tracer bean stays OpenTelemetry's, sampling a tenth of new traces by default: none.
        defaults.put(SAMPLING, "0.0");
      }
    } else {
      defaults.put(ENDPOINT, endpoint);
      defaults.put(TRANSPORT, grpc ? "grpc" : "http");
      defaults.put(SAMPLING, environment.getProperty("OTEL_TRACES_SAMPLER_ARG", "1.0"));
      defaults.put(TRACING, "true");
      defaults.put(JDBC_SPANS, "true");
    }
    environment.getPropertySources().addLast(new MapPropertySource("ledger-tracing", defaults));
  }

  private static String endpoint(ConfigurableEnvironment environment, boolean grpc) {
    String configured = blankToNull(environment.getProperty(ENDPOINT));
    if (configured != null) {
      return configured;
    }
    String traces = blankToNull(environment.getProperty("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
    if (traces != null) {
      return traces;
    }
    String base = blankToNull(environment.getProperty("OTEL_EXPORTER_OTLP_ENDPOINT"));
    if (base == null || grpc) {
      return base;
    }
    return base.replaceFirst("/+$", "") + "/v1/traces";
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }

  /** After the configuration files, so that what they set counts as configured. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
