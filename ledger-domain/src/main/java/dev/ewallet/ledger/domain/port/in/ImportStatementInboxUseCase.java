package dev.ewallet.ledger.domain.port.in;

import java.util.List;

/**
 * The statement files the bank's channel left in the inbox, imported (operators, or the system).
 */
public interface ImportStatementInboxUseCase {

  /**
   * What one pass over the inbox did.
   *
   * @param imported the files imported (or found imported before), in order
   * @param quarantined the files refused, each moved to the quarantine with its reason
   */
  record InboxRun(List<String> imported, List<String> quarantined) {}

  /**
   * Imports every waiting file as {@code POST /v1/bank-statements} would, oldest first. A file the
   * ledger refuses for what it says is quarantined; one that fails for another reason (the database
   * is down) stays for the next pass, and the pass stops there.
   */
  InboxRun importWaiting(ImportStatementInboxCommand command);
}
