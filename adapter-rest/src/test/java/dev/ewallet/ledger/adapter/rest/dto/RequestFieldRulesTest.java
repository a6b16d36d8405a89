package dev.ewallet.ledger.adapter.rest.dto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.rest.problem.ApiRequestException;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;

/** The rules on a request's query parameters and text fields, without a server. */
class RequestFieldRulesTest {

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
}
