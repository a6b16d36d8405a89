package dev.ewallet.ledger.adapter.rest.filter;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * Spring Security's checks of every request's headers with the same rules, but checked character by
 * character instead of by regular expressions: the firewall's test of each header name and value,
 * and the bearer token's form. On the read path the two patterns were 3.5 % of the JVM's CPU
 * (docs/benchmarks/log.md, "Reads answered together").
 */
public final class HeaderScreening {

  private static final String BEARER = "Bearer ";

  /** The detail of the problem that answers a request the firewall refuses. */
  public static final String REFUSED =
      "the request's method, URL or a header holds what the API does not accept: an unknown"
          + " method; an encoded slash, percent sign or dot, a dot segment, a double slash, a"
          + " semicolon or a backslash in the URL; a control character or an unassigned code point";

  private HeaderScreening() {}

  /**
   * The strict firewall with its default rules for header names, header values and parameter names:
   * no ISO control character and no unassigned code point.
   */
  public static StrictHttpFirewall firewall() {
    StrictHttpFirewall firewall = new StrictHttpFirewall();
    firewall.setAllowedHeaderNames(HeaderScreening::assignedAndNotControl);
    firewall.setAllowedHeaderValues(HeaderScreening::assignedAndNotControl);
    firewall.setAllowedParameterNames(HeaderScreening::assignedAndNotControl);
    return firewall;
  }

  /** What the firewall's {@code [\p{IsAssigned}&&[^\p{IsControl}]]*} accepts. */
  static boolean assignedAndNotControl(String text) {
    for (int i = 0; i < text.length(); ) {
      int codePoint = text.codePointAt(i);
      if (!Character.isDefined(codePoint) || Character.isISOControl(codePoint)) {
        return false;
      }
      i += Character.charCount(codePoint);
    }
    return true;
  }

  /**
   * The bearer token of {@code Authorization: Bearer <token>} when the header is well formed; any
   * other request, each refusal included, is resolved by Spring Security's own resolver, so the
   * answers are the same.
   */
  public static BearerTokenResolver bearerTokens() {
    BearerTokenResolver standard = new DefaultBearerTokenResolver();
    return request -> {
      String token = wellFormedToken(request);
      return token != null ? token : standard.resolve(request);
    };
  }

  private static String wellFormedToken(HttpServletRequest request) {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    return header != null && header.startsWith(BEARER) && isB64Token(header, BEARER.length())
        ? header.substring(BEARER.length())
        : null;
  }

  /** RFC 6750's b64token from {@code from} to the end: {@code [A-Za-z0-9-._~+/]+=*}. */
  static boolean isB64Token(String text, int from) {
    int i = from;
    while (i < text.length() && isTokenChar(text.charAt(i))) {
      i++;
    }
    if (i == from) {
      return false;
    }
    while (i < text.length() && text.charAt(i) == '=') {
      i++;
    }
    return i == text.length();
  }

  private static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~'
        || c == '+'
        || c == '/';
  }
}
