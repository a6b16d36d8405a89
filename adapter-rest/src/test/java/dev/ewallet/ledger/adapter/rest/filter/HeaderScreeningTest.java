package dev.ewallet.ledger.adapter.rest.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;
import org.springframework.security.web.firewall.RequestRejectedException;

/** The hand-written checks give Spring Security's own answers, input by input. */
class HeaderScreeningTest {

  /** StrictHttpFirewall's default rule for header names and values and parameter names. */
  private static final Pattern FIREWALL = Pattern.compile("[\\p{IsAssigned}&&[^\\p{IsControl}]]*");

  @Test
  void theFirewallRuleAnswersAsItsPatternForEveryCharacterAndAroundThem() {
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      String alone = String.valueOf((char) c);
      String inside = "a" + (char) c + "b";
      assertThat(HeaderScreening.assignedAndNotControl(alone))
          .as("U+%04X", c)
          .isEqualTo(FIREWALL.matcher(alone).matches());
      assertThat(HeaderScreening.assignedAndNotControl(inside))
          .as("a U+%04X b", c)
          .isEqualTo(FIREWALL.matcher(inside).matches());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "application/json",
        "Bearer abc.def",
        "\uD83D\uDCB8 pay",
        "\uD83D",
        "\uDCB8x",
        "\uDB7F\uDFFF",
        "\uD800\uDC00",
        "x\u0085",
        "\u200B",
        "caf\u00E9\u0301"
      })
  void theFirewallRuleAnswersAsItsPatternForCodePointsBeyondTheFirstPlane(String text) {
    assertThat(HeaderScreening.assignedAndNotControl(text))
        .isEqualTo(FIREWALL.matcher(text).matches());
  }

  @Test
  void theFirewallRefusesAControlCharacterInAHeaderValue() {
    MockHttpServletRequest request = new MockHttpServletRequest("GET", "/v1/accounts/1");
    request.addHeader("X-Note", "bell\u0007");
    var firewalled = HeaderScreening.firewall().getFirewalledRequest(request);
    assertThatThrownBy(() -> firewalled.getHeader("X-Note"))
        .isInstanceOf(RequestRejectedException.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Bearer abc",
        "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-_~+/",
        "Bearer abc==",
        "Bearer a=b",
        "Bearer ==",
        "Bearer ",
        "Bearer  abc",
        "Bearer abc ",
        "Bearer abc\n",
        "Bearer ab\u00E9",
        "bearer abc",
        "BEARER abc",
        "Bearerabc",
        "Basic dXNlcjpwYXNz",
        "Token abc",
        ""
      })
  void theBearerTokenIsResolvedAsSpringSecurityResolvesIt(String header) {
    MockHttpServletRequest request = new MockHttpServletRequest("GET", "/v1/accounts/1");
    request.addHeader(HttpHeaders.AUTHORIZATION, header);
    assertThat(outcome(HeaderScreening.bearerTokens(), request))
        .isEqualTo(outcome(new DefaultBearerTokenResolver(), request));
  }

  @Test
  void noAuthorizationHeaderIsNoToken() {
    MockHttpServletRequest request = new MockHttpServletRequest("GET", "/v1/accounts/1");
    assertThat(HeaderScreening.bearerTokens().resolve(request)).isNull();
  }

  /** The token resolved, or the refusal's description. */
  private static String outcome(BearerTokenResolver resolver, MockHttpServletRequest request) {
    try {
      return "token " + resolver.resolve(request);
    } catch (OAuth2AuthenticationException refused) {
      return "refused " + refused.getError().getDescription();
    }
  }
}
