package dev.ewallet.ledger.domain.webhook;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * A signing secret: 32 random bytes, base64url, prefixed {@code whsec_} so that a leaked one is
 * recognisable in logs and scanners. Shown to the operator once, when made.
 */
public final class WebhookSecret {

  private static final SecureRandom RANDOM = new SecureRandom();

  private WebhookSecret() {}

  public static String generate() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
