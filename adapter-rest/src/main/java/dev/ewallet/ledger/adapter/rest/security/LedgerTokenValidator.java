package dev.ewallet.ledger.adapter.rest.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;

/**
 * The ledger's own rules for every token, whoever issued it: {@code exp} is required, a token may
 * live at most {@code ledger.security.max-token-lifetime}, clocks may disagree by at most 30
 * seconds, and {@code iss} and {@code aud} must match when configured. A stolen token is useful for
 * a bounded time only.
 */
public final class LedgerTokenValidator implements OAuth2TokenValidator<Jwt> {

  static final Duration CLOCK_SKEW = Duration.ofSeconds(30);

  private final LedgerSecurityProperties properties;
  private final Clock clock;
  private final JwtTimestampValidator timestamps = new JwtTimestampValidator(CLOCK_SKEW);

  LedgerTokenValidator(LedgerSecurityProperties properties, Clock clock) {
    this.properties = properties;
    this.clock = clock;
    this.timestamps.setClock(clock);
  }

  @Override
  public OAuth2TokenValidatorResult validate(Jwt jwt) {
    Instant expiresAt = jwt.getExpiresAt();
    if (expiresAt == null) {
      return refused("the token must carry exp");
    }
    Instant now = clock.instant();
    Instant issuedAt = jwt.getIssuedAt() != null ? jwt.getIssuedAt() : now;
    if (issuedAt.isAfter(now.plus(CLOCK_SKEW))) {
      return refused("the token's iat lies in the future");
    }
    Duration lifetime = properties.maxTokenLifetime();
    if (Duration.between(issuedAt, expiresAt).compareTo(lifetime) > 0
        || Duration.between(now, expiresAt).compareTo(lifetime.plus(CLOCK_SKEW)) > 0) {
      return refused("the token may live at most " + lifetime);
    }
    if (present(properties.issuer()) && !properties.issuer().equals(jwt.getClaimAsString("iss"))) {
      return refused("the token's issuer is not accepted");
    }
    List<String> audience = jwt.getAudience();
    if (present(properties.audience())
        && (audience == null || !audience.contains(properties.audience()))) {
      return refused("the token is not meant for this service (aud)");
    }
    return timestamps.validate(jwt);
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  private static OAuth2TokenValidatorResult refused(String why) {
    return OAuth2TokenValidatorResult.failure(
        new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, why, null));
  }
}
