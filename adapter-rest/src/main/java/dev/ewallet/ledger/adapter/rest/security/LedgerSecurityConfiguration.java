package dev.ewallet.ledger.adapter.rest.security;

import dev.ewallet.ledger.adapter.rest.filter.AuditRequestFilter;
import dev.ewallet.ledger.adapter.rest.filter.CrossOriginFilter;
import dev.ewallet.ledger.adapter.rest.filter.HeaderScreening;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.problem.ProblemResponseWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.core.GrantedAuthorityDefaults;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Bearer JWT on every API call. Operator-only routes are also refused here, before any work is
 * done; the use cases check the same rules again, so no adapter can skip them.
 */
@Configuration
@EnableConfigurationProperties(LedgerSecurityProperties.class)
public class LedgerSecurityConfiguration {

  private static final int MIN_SECRET_BYTES = 32;
  private static final String RESOURCE_SERVER = "spring.security.oauth2.resourceserver.jwt.";

  /**
   * The token validator is a parameter so that an unsafe token configuration is refused (by the
   * validator's bean) before the chain looks for a decoder.
   */
  @Bean
  SecurityFilterChain ledgerSecurity(
      HttpSecurity http, ProblemResponseWriter problems, LedgerTokenValidator tokenRules)
      throws Exception {
    var operator = CallerAuthenticationConverter.OPERATOR_AUTHORITY;
    // A stateless bearer-token API: no CSRF (no cookies), no logout, no saved requests to replay
    // after a login, no anonymous principal (a request without a token is refused unless its
    // route is open).
    http.csrf(csrf -> csrf.disable())
        .logout(logout -> logout.disable())
        .requestCache(cache -> cache.disable())
        .anonymous(anonymous -> anonymous.disable())
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .authorizeHttpRequests(auth ->
            auth.requestMatchers(
                    "/v3/api-docs/**",
                    "/swagger-ui/**",
                    "/swagger-ui.html",
                    "/actuator/health",
                    "/actuator/health/**",
                    "/console",
                    "/console/**",
                    "/error")
                .permitAll()
                .requestMatchers("/actuator/**")
                .hasAuthority(operator)
                .requestMatchers(
                    HttpMethod.POST,
                    "/v1/deposits",
                    "/v1/postings",
                    "/v1/transactions/*/reversal",
                    "/v1/transactions/*/refunds",
                    "/v1/accounts/*/freeze",
                    "/v1/accounts/*/unfreeze")
                .hasAuthority(operator)
                .requestMatchers(HttpMethod.PUT, "/v1/accounts/*/limits")
                .hasAuthority(operator)
                .requestMatchers("/v1/reconciliation", "/v1/audit-events")
                .hasAuthority(operator)
                .requestMatchers(HttpMethod.GET, "/v1/withdrawals", "/v1/holds")
                .hasAuthority(operator)
                .anyRequest()
                .authenticated())
        .addFilterAfter(
            (request, response, chain) -> {
              AuditRequestFilter.noteCaller((jakarta.servlet.http.HttpServletRequest) request);
              chain.doFilter(request, response);
            },
            BearerTokenAuthenticationFilter.class)
        .oauth2ResourceServer(oauth ->
            oauth
                .bearerTokenResolver(HeaderScreening.bearerTokens())
                .jwt(jwt -> jwt.jwtAuthenticationConverter(new CallerAuthenticationConverter()))
                .authenticationEntryPoint(unauthenticated(problems)))
        .exceptionHandling(handling ->
            handling
                .authenticationEntryPoint(unauthenticated(problems))
                .accessDeniedHandler((request, response, e) ->
                    problems.write(
                        request,
                        response,
                        ProblemCode.FORBIDDEN,
                        "this needs the ledger.operator scope")));
    return http.build();
  }

  /**
   * Cross-origin calls from the configured web origins, none unless some are named. The filter runs
   * just before the security chain: a preflight carries no token, and every answer after it,
   * refusals included, carries the headers a browser needs to show it to the page.
   */
  @Bean
  FilterRegistrationBean<CrossOriginFilter> crossOriginCalls(
      LedgerSecurityProperties properties, ProblemResponseWriter problems) {
    FilterRegistrationBean<CrossOriginFilter> registration =
        new FilterRegistrationBean<>(
            new CrossOriginFilter(properties.allowedOrigins(), properties.local(), problems));
    registration.setOrder(SecurityFilterProperties.DEFAULT_FILTER_ORDER - 1);
    registration.setEnabled(!properties.allowedOrigins().isEmpty());
    return registration;
  }

  /**
   * The strict firewall, its header rules checked without regular expressions. What it refuses is
   * answered as every other refusal, a problem with a code, not Spring's default error body.
   */
  @Bean
  WebSecurityCustomizer headerScreening(ProblemResponseWriter problems) {
    return web ->
        web.httpFirewall(HeaderScreening.firewall())
            .requestRejectedHandler((request, response, e) ->
                problems.write(
                    request, response, ProblemCode.VALIDATION_FAILED, HeaderScreening.REFUSED));
  }

  /**
   * No observation of each security filter, authentication and authorization: the HTTP server's own
   * observation ({@code http.server.requests}, by route and status) already counts every refusal,
   * and wrapping each of the chain's filters in an observation of its own cost 3 to 4 % of the
   * JVM's profile samples under load (docs/benchmarks/log.md).
   */
  @Bean
  SecurityObservationSettings noSecurityObservations() {
    return SecurityObservationSettings.noObservations();
  }

  /**
   * Authorities are compared as they are named ({@code SCOPE_ledger.operator}), without a {@code
   * ROLE_} prefix, so that {@code management.endpoint.health.roles} can name the operator scope:
   * anonymous callers see the health status only, operators its details.
   */
  @Bean
  GrantedAuthorityDefaults unprefixedAuthorities() {
    return new GrantedAuthorityDefaults("");
  }

  /** 401 for a missing token, or for a bad one with the reason it was refused. */
  private static AuthenticationEntryPoint unauthenticated(ProblemResponseWriter problems) {
    return (request, response, e) -> {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
      String detail =
          e instanceof OAuth2AuthenticationException
              ? e.getMessage()
              : "a bearer token is required";
      problems.write(request, response, ProblemCode.UNAUTHENTICATED, detail);
    };
  }

  /**
   * The ledger's token rules. Spring Boot adds this validator to the decoder it builds for an
   * issuer or a JWK set; the local HS256 decoder uses it alone.
   */
  @Bean
  LedgerTokenValidator ledgerTokenValidator(
      LedgerSecurityProperties properties, Environment environment) {
    refuseUnsafeConfiguration(properties, environment);
    return new LedgerTokenValidator(properties, Clock.systemUTC());
  }

  /**
   * Startup refuses any configuration in which a shared secret could verify production tokens: a
   * secret outside local mode (the published development one included), or a secret beside an
   * identity provider, where the secret would silently win.
   */
  static void refuseUnsafeConfiguration(
      LedgerSecurityProperties properties, Environment environment) {
    boolean identityProvider =
        environment.containsProperty(RESOURCE_SERVER + "issuer-uri")
            || environment.containsProperty(RESOURCE_SERVER + "jwk-set-uri")
            || environment.containsProperty(RESOURCE_SERVER + "public-key-location");
    if (properties.hasSecret() && identityProvider) {
      throw new IllegalStateException(
          "both ledger.security.jwt-secret and an issuer or JWK set are configured: tokens must be"
              + " verified one way only; remove the secret");
    }
    if (properties.hasSecret() && !properties.local()) {
      throw new IllegalStateException(
          "ledger.security.jwt-secret is set outside ledger.security.mode=local: a shared HS256"
              + " secret (such as the published development one) may not verify production"
              + " tokens; configure an issuer or JWK set instead");
    }
    if (!properties.hasSecret() && !identityProvider) {
      throw new IllegalStateException(
          "no token verification is configured: set "
              + RESOURCE_SERVER
              + "issuer-uri or jwk-set-uri (or, for local runs only, ledger.security.mode=local"
              + " with ledger.security.jwt-secret)");
    }
  }

  /**
   * Every token decoder (the local HS256 one below, or the one Spring Boot builds for an issuer or
   * a JWK set) remembers the tokens it verified until they expire.
   */
  @Bean
  static BeanPostProcessor verifiedTokenCache() {
    return new BeanPostProcessor() {
      @Override
      public Object postProcessAfterInitialization(Object bean, String name) {
        return bean instanceof JwtDecoder decoder && !(bean instanceof VerifiedTokenCache)
            ? new VerifiedTokenCache(decoder, Clock.systemUTC())
            : bean;
      }
    };
  }

  /** HS256 verification for local mode; never built otherwise. */
  @Bean
  @ConditionalOnExpression(
      "'${ledger.security.mode:production}'.equalsIgnoreCase('local')"
          + " and '${ledger.security.jwt-secret:}' != ''")
  JwtDecoder hmacJwtDecoder(LedgerSecurityProperties properties, LedgerTokenValidator validator) {
    byte[] secret = properties.jwtSecret().getBytes(StandardCharsets.UTF_8);
    if (secret.length < MIN_SECRET_BYTES) {
      throw new IllegalStateException(
          "ledger.security.jwt-secret must be at least " + MIN_SECRET_BYTES + " bytes for HS256");
    }
    NimbusJwtDecoder decoder =
        NimbusJwtDecoder.withSecretKey(new SecretKeySpec(secret, "HmacSHA256"))
            .macAlgorithm(MacAlgorithm.HS256)
            .build();
    decoder.setJwtValidator(validator);
    return decoder;
  }
}
