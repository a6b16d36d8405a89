package dev.ewallet.ledger.adapter.rest.problem;

import dev.ewallet.ledger.adapter.rest.dto.TextDeserializer;
import java.util.stream.Collectors;
import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Says what is wrong with a request body in the API's own words (field names as clients send them),
 * without echoing Java class names.
 */
final class JsonInputProblems {

  private JsonInputProblems() {}

  static String describe(HttpMessageNotReadableException e) {
    Throwable cause = e.getMostSpecificCause();
    if (cause instanceof UnrecognizedPropertyException unknown) {
      return "unknown field '" + unknown.getPropertyName() + "'";
    }
    if (cause instanceof InputCoercionException) {
      return "a number is outside the signed 64-bit range";
    }
    if (cause instanceof TextDeserializer.ControlCharacterException control) {
      return "field '" + path(control) + "' holds a control character";
    }
    if (cause instanceof StreamReadException read
        && read.getOriginalMessage().startsWith("Duplicate")) {
      return "a field appears twice in the body: " + read.getOriginalMessage();
    }
    if (cause instanceof StreamReadException) {
      return "the body is not well-formed JSON";
    }
    if (cause instanceof JacksonException jackson && !jackson.getPath().isEmpty()) {
      return "field '"
          + path(jackson)
          + "' has a value of the wrong type or range;"
          + " amounts and ids are JSON integers";
    }
    if (cause == e || cause == null) {
      return "a JSON request body is required";
    }
    return "the body does not match the API's JSON schema";
  }

  private static String path(JacksonException e) {
    return e.getPath().stream()
        .map(ref ->
            ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
        .collect(Collectors.joining("."));
  }
}
