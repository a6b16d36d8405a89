package dev.ewallet.ledger.domain.bank;

import java.util.List;

/**
 * A statement as the ledger stored it on import, with its lines in order.
 *
 * @param fingerprint {@link BankStatement#fingerprint()} of what was stored
 */
public record StoredStatement(long id, String fingerprint, List<StoredLine> lines) {

  public StoredStatement {
    lines = List.copyOf(lines);
  }
}
