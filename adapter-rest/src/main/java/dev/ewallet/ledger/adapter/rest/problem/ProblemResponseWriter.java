package dev.ewallet.ledger.adapter.rest.problem;

import dev.ewallet.ledger.adapter.rest.filter.AuditRequestFilter;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a problem straight to the servlet response, for what answers before or outside any
 * controller: the filters (authentication, body size), the firewall, the servlet container's error
 * page and its error report. Controllers' errors go through {@link LedgerProblemHandler} instead;
 * all produce the same shape.
 */
@Component
public class ProblemResponseWriter {

  /** The detail of a fault: nothing internal, and what a client can do about it. */
  static final String UNEXPECTED =
      "an unexpected error occurred; retry with the same Idempotency-Key to learn the outcome";

  /** The detail of a path that names nothing. */
  static final String NO_RESOURCE = "there is no resource at this path";

  private final JsonMapper json;

  ProblemResponseWriter(JsonMapper json) {
    this.json = json;
  }

  public void write(
      HttpServletRequest request, HttpServletResponse response, ProblemCode code, String detail)
      throws IOException {
    write(request, response, code.status().value(), code, detail);
  }

  /**
   * A problem for an error known by nothing but its status, which it keeps: one the servlet
   * container sent, or an exception thrown outside Spring MVC (which the container logs).
   */
  void writeStatus(HttpServletRequest request, HttpServletResponse response, int status)
      throws IOException {
    write(request, response, status, ProblemCode.forStatus(status), statusDetail(status));
  }

  private void write(
      HttpServletRequest request,
      HttpServletResponse response,
      int status,
      ProblemCode code,
      String detail)
      throws IOException {
    AuditRequestFilter.noteCode(request, code);
    ProblemDetail problem = code.problem(detail);
    problem.setStatus(status);
    problem.setInstance(instance(request));
    response.setStatus(status);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    json.writeValue(response.getOutputStream(), problem);
  }

  private static String statusDetail(int status) {
    return switch (status) {
      case 400 ->
          "the request could not be read: a malformed request line, URL or header, or headers"
              + " larger than the server accepts";
      case 404 -> NO_RESOURCE;
      case 405 -> "this resource does not answer this method";
      default -> {
        HttpStatus known = HttpStatus.resolve(status);
        yield status >= 500 || known == null ? UNEXPECTED : known.getReasonPhrase();
      }
    };
  }

  /**
   * The path the client asked for: on the container's error page, the request's path is the error
   * page's own. A path the container could not decode is left out rather than echoed.
   */
  private static URI instance(HttpServletRequest request) {
    Object failed = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    String path = failed instanceof String original ? original : request.getRequestURI();
    try {
      return path == null ? null : URI.create(path);
    } catch (IllegalArgumentException notAUri) {
      return null;
    }
  }
}
