package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.checkpoint.AccountProof;
import java.util.UUID;

/** That an account's balance and chain end are counted in a signed checkpoint's total. */
public interface AccountProofQuery {

  /**
   * @param checkpoint the checkpoint's id; {@code null} for the newest
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller owns the
   *     account or is an operator
   * @throws dev.ewallet.ledger.domain.error.AccountNotFoundException for no such account, or one
   *     the checkpoint does not count (a system account, or one opened after it)
   * @throws dev.ewallet.ledger.domain.error.CheckpointNotFoundException for no such checkpoint
   */
  AccountProof accountProof(Caller caller, AccountId account, UUID checkpoint);
}
