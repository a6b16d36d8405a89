package dev.ewallet.ledger.application.reads;

import static dev.ewallet.ledger.application.LedgerServicesFixture.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.IdempotencyKeyNotFoundException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatus;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatus.State;
import dev.ewallet.ledger.domain.port.in.RecordRefusalCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A key's status from the claim, the announced deposit or the kept refusal, in that order. */
class IdempotencyKeyServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final IdempotencyKeyService keys = f.services.idempotencyKeys();
  private final AccountId payer = f.openWallet(7);
  private final AccountId payee = f.openWallet(8);
  private final IdempotencyKey key = LedgerFixtures.freshKey();

  private static StoredRefusal refusal(String code) {
    return new StoredRefusal(422, code, "{\"code\":\"" + code + "\"}", Instant.EPOCH);
  }

  @Test
  void aRefusalIsKeptUntilTheKeyPostsAndNeverHidesWhatItPosted() {
    keys.record(new RecordRefusalCommand(Caller.user(7), key, refusal("INSUFFICIENT_FUNDS")));
    assertThat(keys.status(Caller.user(7), key).state()).isEqualTo(State.REFUSED);
    assertThatThrownBy(() -> keys.status(Caller.user(8), key))
        .isInstanceOf(IdempotencyKeyNotFoundException.class);

    f.deposit(payer, 500);
    f.services
        .transfers()
        .transfer(new TransferFundsCommand(Caller.user(7), key, payer, payee, 100));
    keys.record(new RecordRefusalCommand(Caller.user(7), key, refusal("IDEMPOTENCY_KEY_REUSED")));

    IdempotencyKeyStatus posted = keys.status(Caller.user(7), key);
    assertThat(posted.state()).isEqualTo(State.POSTED);
    assertThat(posted.type()).isEqualTo(TransactionType.TRANSFER);
    assertThat(posted.refusal()).isNull();
  }

  @Test
  void anAnnouncedDepositIsInProgressThenPostedWhenSettled() {
    f.services.pendingDeposits().announce(new DepositFundsCommand(OPERATOR, key, payer, 700, null));

    IdempotencyKeyStatus announced = keys.status(OPERATOR, key);
    assertThat(announced.state()).isEqualTo(State.IN_PROGRESS);
    assertThat(announced.pendingDepositId()).isNotNull();
    assertThatThrownBy(() -> keys.status(Caller.user(7), key))
        .isInstanceOf(IdempotencyKeyNotFoundException.class);
  }
}
