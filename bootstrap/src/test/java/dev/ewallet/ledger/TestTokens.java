package dev.ewallet.ledger;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/** HS256 bearer tokens signed with the tests' secret, the way bin/dev-token mints them. */
final class TestTokens {

  static final String SECRET = "integration-test-secret-0123456789abcdef";
  static final String ISSUER = "https://identity.ledger.test";
  static final String AUDIENCE = "wallet-ledger";

  private TestTokens() {}

  static String user(long userId) {
    return sign(String.valueOf(userId), "ledger.user", SECRET, Duration.ofHours(1));
  }

  static String operator(long userId) {
    return sign(String.valueOf(userId), "ledger.user ledger.operator", SECRET, Duration.ofHours(1));
  }

  static String sign(String subject, String scope, String secret, Duration ttl) {
    Instant now = Instant.now();
    return sign(
        claims(subject, scope)
            .issueTime(Date.from(now.minus(Duration.ofMinutes(5))))
            .expirationTime(Date.from(now.plus(ttl)))
            .build(),
        secret);
  }

  /** The claims every test token carries, without times: tests of token rules add their own. */
  static JWTClaimsSet.Builder claims(String subject, String scope) {
    return new JWTClaimsSet.Builder()
        .subject(subject)
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .claim("scope", scope);
  }

  static String sign(JWTClaimsSet claims, String secret) {
    SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
    try {
      jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
    return jwt.serialize();
  }
}
