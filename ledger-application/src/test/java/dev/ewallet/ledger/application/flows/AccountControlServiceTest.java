package dev.ewallet.ledger.application.flows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusCommand;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Freezes as events: each change is written to the outbox with the change, and only then. */
class AccountControlServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId wallet = f.openWallet(7);

  private void change(Caller caller, AccountStatus status) {
    f.services
        .controls()
        .changeStatus(new ChangeAccountStatusCommand(caller, wallet, status, "review " + status));
  }

  @Test
  void aFreezeAndItsLiftingAreEventsWithTheStatusBeforeAndAfter() {
    change(LedgerServicesFixture.OPERATOR, AccountStatus.FROZEN_ALL);
    change(LedgerServicesFixture.OPERATOR, AccountStatus.ACTIVE);

    List<AccountStatusChanged> events = f.ledger.outbox().statusChanges();
    assertThat(events)
        .extracting(AccountStatusChanged::previous, AccountStatusChanged::status)
        .containsExactly(
            tuple(AccountStatus.ACTIVE, AccountStatus.FROZEN_ALL),
            tuple(AccountStatus.FROZEN_ALL, AccountStatus.ACTIVE));
    assertThat(events.getFirst().reason()).isEqualTo("review FROZEN_ALL");
    assertThat(events.getFirst().changedBy()).isEqualTo(1);
  }

  @Test
  void aRefusedChangeWritesNoEvent() {
    assertThatThrownBy(() -> change(Caller.user(7), AccountStatus.FROZEN_ALL))
        .isInstanceOf(AccessDeniedException.class);

    assertThat(f.ledger.outbox().statusChanges()).isEmpty();
  }
}
