package dev.ewallet.ledger.domain.port.in;

import java.util.List;

/**
 * Many transfers in one request (payroll, cash-back): the caller must own each source wallet, or be
 * an operator.
 */
public interface SubmitTransferBatchUseCase {

  /**
   * Posts every transfer on its own, all in one posting batch: each is checked against the balances
   * the transfers before it in the batch left, and posts or is refused alone. A transfer whose key
   * posted before is replayed, as a single transfer would be.
   *
   * @param command never {@code null}
   * @return one result per transfer, in the command's order
   */
  List<TransferBatchResult> submit(TransferBatchCommand command);
}
