package dev.ewallet.ledger.adapter.rest.problem;

/** A request the HTTP layer itself refuses (a header, a cursor, a parameter) with its code. */
public final class ApiRequestException extends RuntimeException {

  private final ProblemCode code;

  public ApiRequestException(ProblemCode code, String message) {
    super(message);
    this.code = code;
  }

  ProblemCode code() {
    return code;
  }
}
