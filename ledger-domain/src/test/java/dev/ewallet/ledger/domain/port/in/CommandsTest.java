package dev.ewallet.ledger.domain.port.in;

import static dev.ewallet.ledger.domain.DomainValues.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.SameAccountException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CommandsTest {

  private static final Caller USER = Caller.user(7);

  @Test
  void transfersNeedAPositiveAmountAndTwoDifferentAccounts() {
    assertThatThrownBy(() -> transfer(1, 2, 0)).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> transfer(1, 2, -5)).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> transfer(1, 1, 5)).isInstanceOf(SameAccountException.class);
    assertThatThrownBy(() -> new TransferFundsCommand(USER, freshKey(), null, AccountId.of(2), 5))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("fromAccountId is required");
    assertThat(transfer(1, 2, 5).fingerprint()).isEqualTo(transfer(1, 2, 5).fingerprint());
    assertThat(transfer(1, 2, 5).fingerprint()).isNotEqualTo(transfer(2, 1, 5).fingerprint());
  }

  @Test
  void depositsNeedAPositiveAmount() {
    assertThatThrownBy(() -> new DepositFundsCommand(USER, freshKey(), AccountId.of(1), 0))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void reversalReasonsAreBounded() {
    TransactionId id = TransactionId.random();
    assertThatThrownBy(() -> new ReverseTransactionCommand(USER, freshKey(), id, "x".repeat(501)))
        .isInstanceOf(InvalidRequestException.class);
    assertThat(new ReverseTransactionCommand(USER, freshKey(), id, null).fingerprint())
        .isNotEqualTo(new ReverseTransactionCommand(USER, freshKey(), id, "typo").fingerprint());
  }

  @Test
  void callersOwnTheirWalletsAndOperatorsReadAll() {
    Account wallet = Account.rehydrate(1, 7L, "VND", AccountKind.USER, 0, Instant.EPOCH);
    USER.requireOwner(wallet);
    USER.requireOwnerOrOperator(wallet);
    Caller.operator(1).requireOwnerOrOperator(wallet);
    assertThatThrownBy(() -> Caller.user(8).requireOwnerOrOperator(wallet))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> Caller.operator(1).requireOwner(wallet))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(USER::requireOperator).isInstanceOf(AccessDeniedException.class);
    assertThat(Caller.system().principalId()).isZero();
    assertThatThrownBy(() -> new Caller(null, false)).isInstanceOf(IllegalArgumentException.class);
  }

  private static TransferFundsCommand transfer(long from, long to, long amount) {
    return new TransferFundsCommand(USER, freshKey(), AccountId.of(from), AccountId.of(to), amount);
  }
}
