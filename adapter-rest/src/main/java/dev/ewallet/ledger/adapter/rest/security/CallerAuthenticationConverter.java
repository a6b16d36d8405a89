package dev.ewallet.ledger.adapter.rest.security;

import java.util.Collection;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;

/**
 * Accepts a token only when its {@code sub} is a positive 64-bit integer (the user id), and turns
 * its {@code scope} or {@code scp} claim into {@code SCOPE_*} authorities.
 */
public final class CallerAuthenticationConverter
    implements Converter<Jwt, AbstractAuthenticationToken> {

  public static final String OPERATOR_AUTHORITY = "SCOPE_ledger.operator";

  private final JwtGrantedAuthoritiesConverter scopes = new JwtGrantedAuthoritiesConverter();

  @Override
  public AbstractAuthenticationToken convert(Jwt jwt) {
    userIdOf(jwt);
    Collection<GrantedAuthority> authorities = scopes.convert(jwt);
    return new JwtAuthenticationToken(jwt, authorities, jwt.getSubject());
  }

  static long userIdOf(Jwt jwt) {
    try {
      long id = Long.parseLong(String.valueOf(jwt.getSubject()));
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException notANumber) {
      // Falls through to the refusal below.
    }
    throw new InvalidBearerTokenException("the token's sub must be a positive integer user id");
  }
}
