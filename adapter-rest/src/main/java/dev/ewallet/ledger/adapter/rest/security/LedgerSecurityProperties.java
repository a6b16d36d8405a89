package dev.ewallet.ledger.adapter.rest.security;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How bearer tokens are verified (ADR 0011).
 *
 * @param mode {@code local} for local runs and tests: HS256 tokens signed with {@code jwtSecret}
 *     are accepted and Swagger UI is on. Anything else is production: tokens come from an identity
 *     provider ({@code spring.security.oauth2.resourceserver.jwt.issuer-uri} or {@code
 *     jwk-set-uri}) and a shared secret is refused at startup.
 * @param jwtSecret the HS256 secret for local mode (env {@code LEDGER_SECURITY_JWT_SECRET}), at
 *     least 32 bytes; empty otherwise
 * @param issuer when set, the only {@code iss} accepted
 * @param audience when set, {@code aud} must contain it
 * @param maxTokenLifetime the longest {@code exp - iat} accepted
 * @param allowedOrigins the web origins ({@code https://wallet.example.com}) whose browser pages
 *     may call the API (CORS); none by default, so browsers allow only same-origin calls
 */
@ConfigurationProperties("ledger.security")
public record LedgerSecurityProperties(
    @DefaultValue("production") Mode mode,
    String jwtSecret,
    String issuer,
    String audience,
    @DefaultValue("PT24H") Duration maxTokenLifetime,
    @DefaultValue List<String> allowedOrigins) {

  /** Where the service runs: on a developer's machine or a test, or anywhere else. */
  public enum Mode {
    LOCAL,
    PRODUCTION
  }

  boolean local() {
    return mode == Mode.LOCAL;
  }

  boolean hasSecret() {
    return jwtSecret != null && !jwtSecret.isBlank();
  }
}
