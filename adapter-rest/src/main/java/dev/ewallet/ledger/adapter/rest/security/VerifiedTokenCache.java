package dev.ewallet.ledger.adapter.rest.security;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Remembers tokens that passed verification until they expire, so a client sending the same bearer
 * token with every request pays for the signature check and the JSON parsing once, not per request
 * (the profile showed both on every transfer). Only tokens the real decoder accepted are kept,
 * keyed by the whole token, and each is served only before its {@code exp}: a token is never
 * accepted here that the decoder would refuse, except one the decoder's clock-skew allowance would
 * still have let through. Bounded: past {@value #MAX_TOKENS} tokens the expired ones are dropped,
 * and if that is not enough, all of them.
 */
final class VerifiedTokenCache implements JwtDecoder {

  static final int MAX_TOKENS = 50_000;

  private final JwtDecoder decoder;
  private final Clock clock;
  private final ConcurrentHashMap<String, Jwt> verified = new ConcurrentHashMap<>();

  VerifiedTokenCache(JwtDecoder decoder, Clock clock) {
    this.decoder = decoder;
    this.clock = clock;
  }

  @Override
  public Jwt decode(String token) throws JwtException {
    Instant now = clock.instant();
    Jwt known = verified.get(token);
    if (known != null && now.isBefore(known.getExpiresAt())) {
      return known;
    }
    Jwt jwt = decoder.decode(token);
    if (jwt.getExpiresAt() != null) {
      if (verified.size() >= MAX_TOKENS) {
        verified.values().removeIf(cached -> !now.isBefore(cached.getExpiresAt()));
        if (verified.size() >= MAX_TOKENS) {
          verified.clear();
        }
      }
      verified.put(token, jwt);
    }
    return jwt;
  }
}
