package dev.ewallet.ledger.adapter.rest.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
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

  private final TestClock clock = new TestClock(NOW);

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
    clock.advance(Duration.ofSeconds(59));
    cache.decode("good-1");
    assertThat(verifications).hasValue(1);

    clock.advance(Duration.ofSeconds(1));
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
