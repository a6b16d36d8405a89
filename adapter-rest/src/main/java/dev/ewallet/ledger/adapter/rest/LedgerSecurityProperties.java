package dev.ewallet.ledger.adapter.rest;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How bearer tokens are verified.
 *
 * @param jwtSecret the HS256 secret for local runs and tests (env {@code
 *     LEDGER_SECURITY_JWT_SECRET}), at least 32 bytes. Leave it empty in production and set {@code
 *     spring.security.oauth2.resourceserver.jwt.issuer-uri} or {@code jwk-set-uri} instead.
 */
@ConfigurationProperties("ledger.security")
record LedgerSecurityProperties(String jwtSecret) {}
