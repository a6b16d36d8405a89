package dev.ewallet.ledger.adapter.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;

class VerifiedTokenCacheTest {

  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

  private final AtomicInteger verifications = new AtomicInteger();

  /** Accepts "good-*" tokens, expiring a minute after NOW; refuses the rest. */
  private final JwtDecoder decoder =
      token -> {
        verifications.incrementAndGet();
        if (!token.startsWith("good")) {
          throw new BadJwtException("refused");
        }
        return Jwt.withTokenValue(token)
            .header("alg", "HS256")
            .subject("7")
            .issuedAt(NOW)
            .expiresAt(NOW.plusSeconds(60))
            .build();
      };

  private Instant now = NOW;

  /** A clock the test moves. */
  private final Clock clock =
      new Clock() {
        @Override
        public Instant instant() {
          return now;
        }

        @Override
        public ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
          return this;
        }
      };

  private final VerifiedTokenCache cache = new VerifiedTokenCache(decoder, clock);

  @Test
  void aVerifiedTokenIsVerifiedOnceUntilItExpires() {
    Jwt first = cache.decode("good-1");
    Jwt again = cache.decode("good-1");

    assertThat(again).isSameAs(first);
    assertThat(verifications).hasValue(1);
    assertThat(cache.decode("good-2").getSubject()).isEqualTo("7");
    assertThat(verifications).hasValue(2);
  }

  @Test
  void anExpiredTokenGoesBackToTheDecoder() {
    cache.decode("good-1");
    now = NOW.plus(Duration.ofSeconds(59));
    cache.decode("good-1");
    assertThat(verifications).hasValue(1);

    now = NOW.plus(Duration.ofSeconds(60));
    cache.decode("good-1");

    assertThat(verifications).hasValue(2);
  }

  @Test
  void aRefusedTokenIsNeverRemembered() {
    assertThatThrownBy(() -> cache.decode("forged")).isInstanceOf(BadJwtException.class);
    assertThatThrownBy(() -> cache.decode("forged")).isInstanceOf(BadJwtException.class);

    assertThat(verifications).hasValue(2);
  }
}
