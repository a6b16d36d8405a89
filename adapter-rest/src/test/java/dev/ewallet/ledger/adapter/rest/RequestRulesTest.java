package dev.ewallet.ledger.adapter.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.rest.LedgerSecurityProperties.Mode;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;

/** The REST adapter's own rules on requests and tokens, without a server. */
class RequestRulesTest {

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
  void everyPostDrawsOnTheWriteBudgetOpeningAnAccountToo() {
    assertThat(RateLimitFilter.kindOf(new MockHttpServletRequest("POST", "/v1/accounts")))
        .isEqualTo(RequestKind.WRITE);
    assertThat(RateLimitFilter.kindOf(new MockHttpServletRequest("POST", "/v1/transfers")))
        .isEqualTo(RequestKind.WRITE);
    assertThat(RateLimitFilter.kindOf(new MockHttpServletRequest("GET", "/v1/accounts")))
        .isEqualTo(RequestKind.READ);
  }

  @Test
  void allowedOriginsAreWebOriginsNamedOneByOneHttpsOutsideLocalMode() {
    for (String origin : List.of("https://wallet.example.com", "https://wallet.example.com:8443")) {
      assertThat(CrossOriginFilter.origin(origin, false)).isEqualTo(origin);
    }
    assertThat(CrossOriginFilter.origin("http://localhost:3000", true))
        .isEqualTo("http://localhost:3000");
    for (String refused :
        List.of(
            "*",
            "https://*.example.com",
            "wallet.example.com",
            "https://wallet.example.com/",
            "https://wallet.example.com/app",
            "https://wallet.example.com?x=1",
            "https://user@wallet.example.com",
            "http://wallet.example.com",
            "ftp://wallet.example.com")) {
      assertThatThrownBy(() -> CrossOriginFilter.origin(refused, false))
          .as(refused)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("ledger.security.allowed-origins");
    }
  }

  /** Two routes, as the controllers declare them. */
  static final class Routes {
    void entries(@RequestParam(required = false) Integer limit, @RequestParam String type) {}

    void account() {}
  }

  private static MockHttpServletRequest get(String path, String query) {
    MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
    request.setQueryString(query);
    return request;
  }

  @Test
  void aQueryParameterMustBeOneTheRouteTakesAndBeGivenOnce() throws Exception {
    QueryParameterRules rules = new QueryParameterRules();
    HandlerMethod entries =
        new HandlerMethod(
            new Routes(), Routes.class.getDeclaredMethod("entries", Integer.class, String.class));
    HandlerMethod account =
        new HandlerMethod(new Routes(), Routes.class.getDeclaredMethod("account"));

    assertThat(rules.preHandle(get("/v1/accounts/1/entries", "limit=20&type=X"), null, entries))
        .isTrue();
    assertThat(rules.preHandle(get("/v1/accounts/1", null), null, account)).isTrue();
    for (String[] refused :
        new String[][] {
          {"limit=20&&limit", "'limit' is given more than once"},
          {"type=A&%74ype=B", "'type' is given more than once"},
          {"limt=20", "'limt' is not one this route takes (limit, type)"},
          {"a%zz=1", "'a%zz' is not one"},
          {"x".repeat(100), "'" + "x".repeat(40) + "...' is not one"}
        }) {
      assertThatThrownBy(
              () -> rules.preHandle(get("/v1/accounts/1/entries", refused[0]), null, entries))
          .as(refused[0])
          .isInstanceOf(ApiRequestException.class)
          .hasMessageContaining(refused[1]);
    }
    assertThatThrownBy(() -> rules.preHandle(get("/v1/accounts/1", "limit=1"), null, account))
        .hasMessageContaining("(it takes none)");
    // Outside the API (the actuator's metrics take a tag more than once) nothing is looked at.
    assertThat(rules.preHandle(get("/actuator/metrics/x", "tag=a&tag=b"), null, account)).isTrue();
  }

  @Test
  void controlCharactersAreThoseOfC0AndDelete() {
    assertThat(TextDeserializer.hasControlCharacter("refund for order 42 – đồng")).isFalse();
    for (char c : new char[] {0, 7, '\t', '\n', '\r', 0x1f, 0x7f}) {
      assertThat(TextDeserializer.hasControlCharacter("a" + c + "b"))
          .as("U+%04X", (int) c)
          .isTrue();
    }
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
