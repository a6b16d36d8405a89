package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.domain.error.IdempotencyKeyNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatus;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatusQuery;
import dev.ewallet.ledger.domain.port.in.RecordRefusalCommand;
import dev.ewallet.ledger.domain.port.in.RecordRefusalUseCase;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import java.util.List;

/**
 * The status of a caller's idempotency key, from what the ledger keeps of it: the journal's claim
 * (posted), the pending deposit it announced (in progress, settled or failed), or its latest
 * refusal. A claim wins over a refusal: a key refused once and then posted reads as posted.
 */
public final class IdempotencyKeyService
    implements IdempotencyKeyStatusQuery, RecordRefusalUseCase {

  private final JournalRepository journal;
  private final PendingDepositRepository pendingDeposits;

  public IdempotencyKeyService(
      JournalRepository journal, PendingDepositRepository pendingDeposits) {
    this.journal = journal;
    this.pendingDeposits = pendingDeposits;
  }

  @Override
  public IdempotencyKeyStatus status(Caller caller, IdempotencyKey key) {
    ClaimKey claimKey = new ClaimKey(caller.principalId(), key);
    IdempotencyRecord claim = journal.findClaims(List.of(claimKey)).get(claimKey);
    if (claim != null) {
      return IdempotencyKeyStatus.posted(
          key, claim.transactionId(), claim.type(), claim.feeMinor());
    }
    return pendingDeposits
        .announcedUnder(caller.principalId(), key)
        .map(deposit -> IdempotencyKeyStatus.announced(key, deposit))
        .or(() ->
            journal
                .findRefusal(claimKey)
                .map(refusal -> IdempotencyKeyStatus.refused(key, refusal)))
        .orElseThrow(IdempotencyKeyNotFoundException::new);
  }

  @Override
  public void record(RecordRefusalCommand command) {
    journal.recordRefusal(
        new ClaimKey(command.caller().principalId(), command.key()), command.refusal());
  }
}
