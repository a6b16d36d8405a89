package dev.ewallet.ledger.verifier;

import java.util.Objects;

/**
 * What a check found: valid, or invalid with the first point where what was published and what it
 * claims part ways.
 *
 * @param detail what was checked when valid; the first divergence when invalid
 */
public record Verdict(boolean valid, String detail) {

  public Verdict {
    Objects.requireNonNull(detail, "detail");
  }

  static Verdict valid(String detail) {
    return new Verdict(true, detail);
  }

  static Verdict invalid(String detail) {
    return new Verdict(false, detail);
  }

  @Override
  public String toString() {
    return (valid ? "valid: " : "invalid: ") + detail;
  }
}
