package dev.ewallet.ledger.adapter.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsoleConfigurationTest {

  @Test
  void thePolicyLetsThePageTalkOnlyToThisServiceAndTheIssuersOrigin() {
    String policy = ConsoleConfiguration.policy("https://login.example.com:8443/realms/wallet");

    assertThat(policy)
        .contains("connect-src 'self' https://login.example.com:8443;")
        .contains("script-src 'self';", "style-src 'self';", "frame-ancestors 'none'")
        .doesNotContain("/realms", "unsafe-inline", "unsafe-eval", "*");
  }

  @Test
  void withoutAnIssuerThePageTalksOnlyToThisService() {
    assertThat(ConsoleConfiguration.policy(null)).contains("connect-src 'self';");
    assertThat(ConsoleConfiguration.policy(" ")).contains("connect-src 'self';");
  }
}
