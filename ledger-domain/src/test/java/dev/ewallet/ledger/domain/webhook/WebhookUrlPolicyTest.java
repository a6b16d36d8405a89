package dev.ewallet.ledger.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.WebhookUrlRefusedException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookUrlPolicyTest {

  private final WebhookUrlPolicy production = new WebhookUrlPolicy(false);
  private final WebhookUrlPolicy local = new WebhookUrlPolicy(true);

  private static InetAddress address(String literal) {
    try {
      return InetAddress.getByName(literal);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.1",
        "255.255.255.255",
        "198.18.0.1",
        "::1",
        "fe80::1",
        "fd00::1",
        "::ffff:10.0.0.1",
        "64:ff9b::a00:1",
        "2002:a00:1::"
      })
  void addressesOfTheLedgersOwnNetworkAreRefused(String literal) {
    URI url = URI.create("https://hooks.example.com/ledger");

    assertThatThrownBy(() -> production.checkAddresses(url, List.of(address(literal))))
        .isInstanceOf(WebhookUrlRefusedException.class)
        .hasMessageContaining("hooks.example.com");
  }

  @Test
  void aHostIsRefusedWhenAnyOfItsAddressesIsPrivateOrItHasNone() {
    URI url = URI.create("https://hooks.example.com/ledger");

    assertThatThrownBy(() ->
            production.checkAddresses(url, List.of(address("93.184.215.14"), address("10.0.0.1"))))
        .isInstanceOf(WebhookUrlRefusedException.class);
    assertThatThrownBy(() -> production.checkAddresses(url, List.of()))
        .hasMessageContaining("does not resolve");
    assertThatCode(() ->
            production.checkAddresses(
                url, List.of(address("93.184.215.14"), address("2606:2800:21f:cb07::1"))))
        .doesNotThrowAnyException();
  }

  @Test
  void outsideLocalModeOnlyHttpsWithoutCredentialsOrFragmentIsAccepted() {
    assertThat(production.parse("https://hooks.example.com/ledger?x=1").getHost())
        .isEqualTo("hooks.example.com");
    for (String url :
        List.of(
            "http://hooks.example.com/ledger",
            "ftp://hooks.example.com/",
            "https://user:secret@hooks.example.com/",
            "https://hooks.example.com/#part",
            "https:///no-host",
            "no url at all",
            "",
            "https://example.com/" + "a".repeat(WebhookUrlPolicy.MAX_LENGTH))) {
      assertThatThrownBy(() -> production.parse(url))
          .as(url)
          .isInstanceOf(WebhookUrlRefusedException.class);
    }
  }

  @Test
  void localModeAllowsPlainHttpAndLoopbackButNothingElsePrivate() {
    URI url = local.parse("http://127.0.0.1:8081/hook");

    assertThatCode(() -> local.checkAddresses(url, List.of(address("127.0.0.1"))))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> local.checkAddresses(url, List.of(address("169.254.169.254"))))
        .isInstanceOf(WebhookUrlRefusedException.class);
    assertThatThrownBy(() -> local.checkAddresses(url, List.of(address("192.168.0.2"))))
        .isInstanceOf(WebhookUrlRefusedException.class);
  }
}
