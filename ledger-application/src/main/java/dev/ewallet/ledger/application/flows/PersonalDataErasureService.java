package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.journal.DetailsErasure;
import dev.ewallet.ledger.domain.port.in.EraseUserDataCommand;
import dev.ewallet.ledger.domain.port.in.EraseUserDataUseCase;
import dev.ewallet.ledger.domain.port.out.PersonalDataStore;
import java.time.Clock;

/**
 * Erasure of a user's personal data, an operator's action. What it may change, and that nothing
 * else changes, is the storage's to enforce (the journal refuses any other edit); what the chain
 * keeps is the domain's ({@code TransactionDetails.digest}).
 */
public final class PersonalDataErasureService implements EraseUserDataUseCase {

  private final PersonalDataStore store;
  private final Clock clock;

  public PersonalDataErasureService(PersonalDataStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  @Override
  public DetailsErasure erase(EraseUserDataCommand command) {
    command.caller().requireOperator();
    return store.eraseDetailsOf(command.userId(), command.caller().principalId(), clock.instant());
  }
}
