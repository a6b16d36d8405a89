package dev.ewallet.ledger.domain.webhook;

import dev.ewallet.ledger.domain.error.WebhookUrlRefusedException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * Which URLs the ledger calls. Outside local mode: HTTPS only, and only hosts whose every address
 * is public, so that nobody can point the ledger at its own network (server-side request forgery):
 * no loopback, link-local (cloud metadata at 169.254.169.254), private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), shared (100.64/10), unspecified, multicast or reserved address. The
 * addresses are checked when the endpoint is set and again before every delivery, since a name can
 * resolve differently later. In local mode (a developer's machine, the tests) plain HTTP and
 * loopback addresses are allowed too, for a receiver on the same machine; every other rule holds.
 */
public final class WebhookUrlPolicy {

  /** The longest URL accepted. */
  public static final int MAX_LENGTH = 2048;

  private final boolean local;

  public WebhookUrlPolicy(boolean local) {
    this.local = local;
  }

  /**
   * The URL, checked for everything but its addresses.
   *
   * @throws WebhookUrlRefusedException when malformed, too long, not HTTPS outside local mode, or
   *     carrying credentials or a fragment
   */
  public URI parse(String url) {
    if (url == null || url.isBlank()) {
      throw new WebhookUrlRefusedException("url is required");
    }
    if (url.length() > MAX_LENGTH) {
      throw new WebhookUrlRefusedException("url is longer than " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException malformed) {
      throw new WebhookUrlRefusedException("url is malformed: " + malformed.getMessage());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !(local && scheme.equals("http"))) {
      throw new WebhookUrlRefusedException(
          local ? "url must be http or https" : "url must be https, got " + url);
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw new WebhookUrlRefusedException("url names no host: " + url);
    }
    if (uri.getRawUserInfo() != null) {
      throw new WebhookUrlRefusedException("url must not carry credentials");
    }
    if (uri.getRawFragment() != null) {
      throw new WebhookUrlRefusedException("url must not carry a fragment");
    }
    return uri;
  }

  /**
   * Refuses a URL whose host resolved to no address or to any address that is not public (but for
   * loopback in local mode).
   *
   * @throws WebhookUrlRefusedException when refused
   */
  public void checkAddresses(URI url, List<InetAddress> addresses) {
    if (addresses.isEmpty()) {
      throw new WebhookUrlRefusedException("host " + url.getHost() + " does not resolve");
    }
    for (InetAddress address : addresses) {
      if (!isPublic(address) && !(local && address.isLoopbackAddress())) {
        throw new WebhookUrlRefusedException(
            "host "
                + url.getHost()
                + " resolves to "
                + address.getHostAddress()
                + ", a loopback, link-local, private or reserved address");
      }
    }
  }

  /** Whether the address is one the public internet routes to a single host. */
  static boolean isPublic(InetAddress address) {
    if (address.isAnyLocalAddress()
        || address.isLoopbackAddress()
        || address.isLinkLocalAddress()
        || address.isSiteLocalAddress()
        || address.isMulticastAddress()) {
      return false;
    }
    byte[] b = address.getAddress();
    if (address instanceof Inet4Address) {
      int first = b[0] & 0xff;
      int second = b[1] & 0xff;
      return first != 0 // this network
          && !(first == 100 && second >= 64 && second <= 127) // shared, carrier-grade NAT
          && !(first == 192 && second == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments
          && !(first == 198 && (second == 18 || second == 19)) // benchmarking
          && first < 240; // reserved and broadcast
    }
    if (address instanceof Inet6Address) {
      int first = b[0] & 0xff;
      boolean uniqueLocal = (first & 0xfe) == 0xfc;
      boolean siteLocal = first == 0xfe && (b[1] & 0xc0) == 0xc0;
      return !uniqueLocal && !siteLocal && !embedsIpv4(b);
    }
    return false;
  }

  /** IPv4-compatible, NAT64 (64:ff9b::/96) or 6to4 addresses: refused rather than decoded. */
  private static boolean embedsIpv4(byte[] b) {
    boolean leadingZeros = true;
    for (int i = 0; i < 12; i++) {
      leadingZeros &= b[i] == 0;
    }
    boolean nat64 = b[0] == 0 && b[1] == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
    boolean sixToFour = b[0] == 0x20 && b[1] == 0x02;
    return leadingZeros || nat64 || sixToFour;
  }
}
