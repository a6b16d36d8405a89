package dev.ewallet.ledger.adapter.rest;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Swagger UI is served only in {@code ledger.security.mode=local}, unless {@code
 * springdoc.swagger-ui.enabled} says otherwise explicitly: in production it would advertise every
 * route to whoever asks. Added as the last property source, so any explicit setting wins.
 */
class LocalModeDefaults implements EnvironmentPostProcessor {

  static final String SWAGGER_UI = "springdoc.swagger-ui.enabled";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    boolean local = "local".equalsIgnoreCase(environment.getProperty("ledger.security.mode"));
    environment
        .getPropertySources()
        .addLast(new MapPropertySource("ledger-local-mode-defaults", Map.of(SWAGGER_UI, local)));
  }
}
