package dev.ewallet.ledger.adapter.rest.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** The filters' own rules on requests, without a server. */
class FilterRulesTest {

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
}
