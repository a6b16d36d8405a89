package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The service serves the operator console from its own jar: the page and its files without a token,
 * the headers of a page that holds one, and how to sign in, never a secret.
 */
class ConsoleIT extends LedgerIntegrationTest {

  @Test
  void thePageIsServedWithAStrictPolicyAndNamesItsHashedScript() {
    ApiClient.Reply page = api().get("/console/", null);

    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).startsWith("text/html");
    assertThat(page.header("Cache-Control")).isEqualTo("no-cache");
    assertThat(page.header("Content-Security-Policy"))
        .contains("default-src 'none'", "script-src 'self';", "style-src 'self';")
        .contains("connect-src 'self'", "frame-ancestors 'none'")
        .doesNotContain("unsafe-inline", "unsafe-eval");
    assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
    assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");

    Matcher script = Pattern.compile("src=\"(/console/assets/[^\"]+\\.js)\"").matcher(page.body());
    assertThat(script.find()).as(page.body()).isTrue();
    ApiClient.Reply file = api().get(script.group(1), null);
    assertThat(file.status()).isEqualTo(200);
    assertThat(file.header("Content-Type")).startsWith("text/javascript");
    assertThat(file.header("Cache-Control")).contains("max-age=31536000", "immutable");
    assertThat(file.header("Content-Security-Policy")).isNotNull();
  }

  @Test
  void theConsoleLearnsHowToSignInAndNothingElse() {
    ApiClient.Reply config = api().get("/console/config.json", null);

    assertThat(config.status()).isEqualTo(200);
    assertThat(config.header("Cache-Control")).isEqualTo("no-store");
    assertThat(config.json().get("mode").asText()).isEqualTo("local");
    assertThat(config.json().get("scope").asText()).contains("ledger.operator");
    assertThat(config.body()).doesNotContainIgnoringCase("secret");
    assertThat(api().get("/console", null).header("Location")).endsWith("/console/");
    assertThat(api().get("/console/assets/nothing-here.js", null).status()).isEqualTo(404);
  }

  @Test
  void theConsoleAddsNoEndpointToTheApi() {
    ApiClient.Reply document = api().get("/v3/api-docs", null);

    assertThat(document.status()).isEqualTo(200);
    assertThat(document.json().get("paths").propertyNames()).noneMatch(p -> p.contains("console"));
  }
}
