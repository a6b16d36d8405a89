package dev.ewallet.ledger.adapter.rest.dto;

import dev.ewallet.ledger.adapter.rest.problem.ApiRequestException;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Method;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * The query parameters of an API route: only those it declares ({@code @RequestParam}), each once.
 * As a body's unknown or repeated field is refused, so is a parameter the route does not know
 * ({@code ?minAmout=5000}, which would otherwise answer the whole history as if it were filtered)
 * and one given twice (which Spring would read as its first value, so a statement could cover
 * another period than the caller meant): 400 {@code VALIDATION_FAILED} naming it, before the route
 * runs.
 */
public final class QueryParameterRules implements HandlerInterceptor {

  /** The longest parameter name a refusal repeats back. */
  private static final int NAME_SHOWN = 40;

  private final Map<Method, Set<String>> declared = new ConcurrentHashMap<>();

  @Override
  public boolean preHandle(
      HttpServletRequest request, HttpServletResponse response, Object handler) {
    String query = request.getQueryString();
    if (query == null
        || query.isEmpty()
        || request.getDispatcherType() != DispatcherType.REQUEST
        || !request.getRequestURI().startsWith("/v1/")
        || !(handler instanceof HandlerMethod route)) {
      return true;
    }
    Set<String> known = declared.computeIfAbsent(route.getMethod(), method -> params(route));
    Set<String> seen = new HashSet<>();
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = decoded(equals < 0 ? pair : pair.substring(0, equals));
      if (!known.contains(name)) {
        throw new ApiRequestException(
            ProblemCode.VALIDATION_FAILED,
            "query parameter '"
                + shown(name)
                + "' is not one this route takes"
                + (known.isEmpty() ? " (it takes none)" : " (" + String.join(", ", known) + ")"));
      }
      if (!seen.add(name)) {
        throw new ApiRequestException(
            ProblemCode.VALIDATION_FAILED,
            "query parameter '" + name + "' is given more than once; give each once");
      }
    }
    return true;
  }

  /** Spring's view of the route's parameters: {@code value} and {@code name} are one alias. */
  private static Set<String> params(HandlerMethod route) {
    Set<String> names = new TreeSet<>();
    for (MethodParameter parameter : route.getMethodParameters()) {
      RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
      if (param != null) {
        names.add(param.name().isEmpty() ? parameter.getParameter().getName() : param.name());
      }
    }
    return names;
  }

  private static String decoded(String name) {
    try {
      return URLDecoder.decode(name, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return name;
    }
  }

  private static String shown(String name) {
    return name.length() > NAME_SHOWN ? name.substring(0, NAME_SHOWN) + "..." : name;
  }
}
