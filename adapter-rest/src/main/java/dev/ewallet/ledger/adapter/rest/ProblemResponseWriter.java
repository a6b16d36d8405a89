package dev.ewallet.ledger.adapter.rest;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a problem straight to the servlet response, for the filters that answer before any
 * controller runs (authentication, body size). Controllers' errors go through {@link
 * LedgerProblemHandler} instead; both produce the same shape.
 */
@Component
class ProblemResponseWriter {

  private final JsonMapper json;

  ProblemResponseWriter(JsonMapper json) {
    this.json = json;
  }

  void write(
      HttpServletRequest request, HttpServletResponse response, ProblemCode code, String detail)
      throws IOException {
    AuditRequestFilter.noteCode(request, code);
    ProblemDetail problem = code.problem(detail);
    problem.setInstance(URI.create(request.getRequestURI()));
    response.setStatus(code.status().value());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    json.writeValue(response.getOutputStream(), problem);
  }
}
