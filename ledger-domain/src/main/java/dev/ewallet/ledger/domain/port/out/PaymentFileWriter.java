package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;

/**
 * Writes a run's payouts as the file the bank takes. The same file and account always give the same
 * bytes, so a lost file is written again from what the ledger stored, never paid anew.
 */
public interface PaymentFileWriter {

  /**
   * @param from the account the payouts are paid from, in the file's currency
   * @return the file's content, valid against its message's schema
   */
  byte[] write(PayoutFile file, SafeguardingAccount from);
}
