package dev.ewallet.ledger.domain.port.in;

import java.util.List;

/**
 * Gathers pending withdrawals into payment files: one file per currency and run, each withdrawal in
 * one file only (docs/bank-reconciliation.md).
 */
public interface RunPayoutFilesUseCase {

  /**
   * @return the files made, one per currency that had withdrawals waiting
   */
  List<PayoutFileReceipt> run(RunPayoutFilesCommand command);
}
