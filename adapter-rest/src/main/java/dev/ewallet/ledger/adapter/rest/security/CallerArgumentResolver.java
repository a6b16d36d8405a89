package dev.ewallet.ledger.adapter.rest.security;

import dev.ewallet.ledger.domain.port.in.Caller;
import java.util.Optional;
import org.springframework.core.MethodParameter;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Hands controllers the authenticated {@link Caller}, so none of them reads tokens itself. */
public final class CallerArgumentResolver implements HandlerMethodArgumentResolver {

  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    return parameter.getParameterType() == Caller.class;
  }

  @Override
  public Caller resolveArgument(
      MethodParameter parameter,
      ModelAndViewContainer container,
      NativeWebRequest request,
      WebDataBinderFactory binders) {
    return current()
        .orElseThrow(() ->
            new IllegalStateException("API routes are authenticated by the security filter chain"));
  }

  /** The caller of the current request, once the security filter chain authenticated it. */
  public static Optional<Caller> current() {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    if (!(authentication instanceof JwtAuthenticationToken token)) {
      return Optional.empty();
    }
    long userId = CallerAuthenticationConverter.userIdOf(token.getToken());
    boolean operator =
        token.getAuthorities().stream()
            .anyMatch(
                a -> CallerAuthenticationConverter.OPERATOR_AUTHORITY.equals(a.getAuthority()));
    return Optional.of(operator ? Caller.operator(userId) : Caller.user(userId));
  }
}
