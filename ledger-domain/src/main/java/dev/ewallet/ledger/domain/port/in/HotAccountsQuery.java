package dev.ewallet.ledger.domain.port.in;

/** Hot accounts and the decisions about them (operators). */
public interface HotAccountsQuery {

  /**
   * @param before only decisions with a smaller id; {@code null} for the newest
   * @param limit the most decisions, 1 to 100
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException for a caller who is no operator
   */
  HotAccounts hotAccounts(Caller caller, Long before, int limit);
}
