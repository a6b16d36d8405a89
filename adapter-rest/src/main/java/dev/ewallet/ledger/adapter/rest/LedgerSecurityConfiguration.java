package dev.ewallet.ledger.adapter.rest;

import java.nio.charset.StandardCharsets;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Bearer JWT on every API call. Operator-only routes are also refused here, before any work is
 * done; the use cases check the same rules again, so no adapter can skip them.
 */
@Configuration
@EnableConfigurationProperties(LedgerSecurityProperties.class)
class LedgerSecurityConfiguration {

  private static final int MIN_SECRET_BYTES = 32;

  @Bean
  SecurityFilterChain ledgerSecurity(HttpSecurity http, ProblemResponseWriter problems)
      throws Exception {
    var operator = CallerAuthenticationConverter.OPERATOR_AUTHORITY;
    http.csrf(csrf -> csrf.disable())
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .authorizeHttpRequests(auth ->
            auth.requestMatchers(
                    "/v3/api-docs/**",
                    "/swagger-ui/**",
                    "/swagger-ui.html",
                    "/actuator/health/**",
                    "/actuator/prometheus",
                    "/error")
                .permitAll()
                .requestMatchers(HttpMethod.POST, "/v1/deposits", "/v1/transactions/*/reversal")
                .hasAuthority(operator)
                .requestMatchers("/v1/reconciliation")
                .hasAuthority(operator)
                .anyRequest()
                .authenticated())
        .oauth2ResourceServer(oauth ->
            oauth
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

  /** HS256 verification for local runs and tests; absent when an issuer or JWK set is used. */
  @Bean
  @ConditionalOnExpression("'${ledger.security.jwt-secret:}' != ''")
  JwtDecoder hmacJwtDecoder(LedgerSecurityProperties properties) {
    byte[] secret = properties.jwtSecret().getBytes(StandardCharsets.UTF_8);
    if (secret.length < MIN_SECRET_BYTES) {
      throw new IllegalStateException(
          "ledger.security.jwt-secret must be at least " + MIN_SECRET_BYTES + " bytes for HS256");
    }
    return NimbusJwtDecoder.withSecretKey(new SecretKeySpec(secret, "HmacSHA256"))
        .macAlgorithm(MacAlgorithm.HS256)
        .build();
  }
}
