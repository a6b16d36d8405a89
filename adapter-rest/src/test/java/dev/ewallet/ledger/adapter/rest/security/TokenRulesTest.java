package dev.ewallet.ledger.adapter.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.rest.security.LedgerSecurityProperties.Mode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;

/** The rules a bearer token must meet, without a server. */
class TokenRulesTest {

  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

  private final LedgerTokenValidator tokens =
      new LedgerTokenValidator(
          new LedgerSecurityProperties(
              Mode.PRODUCTION,
              null,
              "https://idp",
              "wallet-ledger",
              Duration.ofHours(24),
              List.of()),
          Clock.fixed(NOW, ZoneOffset.UTC));

  private static Jwt.Builder token() {
    return Jwt.withTokenValue("t")
        .header("alg", "RS256")
        .subject("7")
        .issuer("https://idp")
        .audience(List.of("wallet-ledger"));
  }

  @Test
  void aTokenWithinTheRulesPasses() {
    Jwt jwt =
        token().issuedAt(NOW.minusSeconds(60)).expiresAt(NOW.plus(Duration.ofHours(23))).build();

    assertThat(tokens.validate(jwt).hasErrors()).isFalse();
  }

  @Test
  void tokensOutsideTheRulesAreRefusedWithTheReason() {
    assertRefused(token().issuedAt(NOW).build(), "exp");
    assertRefused(
        token().issuedAt(NOW).expiresAt(NOW.plus(Duration.ofDays(3650))).build(), "at most");
    assertRefused(token().expiresAt(NOW.plus(Duration.ofDays(2))).build(), "at most");
    assertRefused(
        token().issuedAt(NOW.plusSeconds(120)).expiresAt(NOW.plus(Duration.ofHours(1))).build(),
        "future");
    assertRefused(
        token().issuedAt(NOW.minusSeconds(600)).expiresAt(NOW.minusSeconds(31)).build(), "");
    assertRefused(
        token()
            .issuer("https://elsewhere")
            .issuedAt(NOW)
            .expiresAt(NOW.plus(Duration.ofHours(1)))
            .build(),
        "issuer");
    assertRefused(
        token()
            .audience(List.of("another-service"))
            .issuedAt(NOW)
            .expiresAt(NOW.plus(Duration.ofHours(1)))
            .build(),
        "aud");
  }

  @Test
  void aTokenExpiredWithinTheClockSkewStillPasses() {
    Jwt jwt = token().issuedAt(NOW.minusSeconds(600)).expiresAt(NOW.minusSeconds(20)).build();

    assertThat(tokens.validate(jwt).hasErrors()).isFalse();
  }

  private void assertRefused(Jwt jwt, String reason) {
    var result = tokens.validate(jwt);
    assertThat(result.hasErrors()).as(jwt.getClaims().toString()).isTrue();
    assertThat(result.getErrors().iterator().next().getDescription()).contains(reason);
  }
}
