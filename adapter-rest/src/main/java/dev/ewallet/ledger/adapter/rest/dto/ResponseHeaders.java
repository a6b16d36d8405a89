package dev.ewallet.ledger.adapter.rest.dto;

import java.util.List;

/**
 * The headers the API's answers carry beyond HTTP's own: the controllers set them, and the
 * cross-origin rules let a browser read them.
 */
public final class ResponseHeaders {

  /** On a money-moving POST's answer that replays an earlier one for the same key. */
  public static final String REPLAYED = "Idempotent-Replayed";

  // A CSV statement's totals and its hash chain's ends.
  public static final String OPENING_BALANCE = "Statement-Opening-Balance";
  public static final String CLOSING_BALANCE = "Statement-Closing-Balance";
  public static final String ENTRY_COUNT = "Statement-Entry-Count";
  public static final String OPENING_HASH = "Statement-Opening-Hash";
  public static final String CLOSING_HASH = "Statement-Closing-Hash";

  /** Every header above, as the cross-origin rules expose them. */
  public static final List<String> ALL =
      List.of(REPLAYED, OPENING_BALANCE, CLOSING_BALANCE, ENTRY_COUNT, OPENING_HASH, CLOSING_HASH);

  private ResponseHeaders() {}
}
