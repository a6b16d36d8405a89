package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.USD;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.error.TooManyAccountsException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The per-currency maximum amount and the per-user account maximum, on every flow. */
class LimitsTest {

  private static final long MAX_USD = 50_000;

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7, USD);
  private final AccountId bob = f.openWallet(8, USD);

  @Test
  void noFlowMovesMoreThanTheCurrencysMaximumInOneTransaction() {
    assertThatThrownBy(() ->
            f.services
                .deposits()
                .deposit(
                    new DepositFundsCommand(
                        LedgerServicesFixture.OPERATOR, freshKey(), alice, MAX_USD + 1)))
        .isInstanceOf(AmountLimitExceededException.class)
        .hasMessageContaining("50000 USD");
    f.deposit(alice, MAX_USD);
    f.deposit(alice, MAX_USD);

    assertThatThrownBy(() -> f.transfer(7, alice, bob, MAX_USD + 1))
        .isInstanceOf(AmountLimitExceededException.class);
    assertThatThrownBy(() ->
            f.services
                .withdrawals()
                .request(
                    new RequestWithdrawalCommand(Caller.user(7), freshKey(), alice, MAX_USD + 1)))
        .isInstanceOf(AmountLimitExceededException.class);
    assertThatThrownBy(() ->
            f.services
                .holds()
                .place(
                    new PlaceHoldCommand(
                        Caller.user(7),
                        freshKey(),
                        alice,
                        bob,
                        MAX_USD + 1,
                        f.clock.instant().plus(Duration.ofHours(1)))))
        .isInstanceOf(AmountLimitExceededException.class);

    assertThat(f.transfer(7, alice, bob, MAX_USD).replayed()).isFalse();
    assertThat(f.balance(alice)).isEqualTo(MAX_USD);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void theGroupCommitPathAppliesTheSameMaximum() throws Exception {
    LedgerServicesFixture batched =
        new LedgerServicesFixture(
            new GroupCommitSettings(
                64, 1, Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(1)));
    AccountId from = batched.openWallet(7, USD);
    AccountId to = batched.openWallet(8, USD);
    batched.deposit(from, MAX_USD);
    batched.deposit(from, MAX_USD);
    batched.services.start();
    try {
      LedgerServicesFixture.HeldWriter writer = batched.holdTheWriter();
      CompletableFuture<PostingReceipt> tooMuch =
          writer.queue(new TransferFundsCommand(Caller.user(7), freshKey(), from, to, MAX_USD + 1));
      CompletableFuture<PostingReceipt> fine =
          writer.queue(new TransferFundsCommand(Caller.user(7), freshKey(), from, to, MAX_USD));

      writer.release();

      assertThatThrownBy(tooMuch::join).hasCauseInstanceOf(AmountLimitExceededException.class);
      assertThat(fine.join().replayed()).isFalse();
      assertThat(batched.batchSizes).containsExactly(1, 2);
      assertThat(batched.balance(to)).isEqualTo(MAX_USD);
    } finally {
      batched.services.close();
    }
  }

  @Test
  void aUserHoldsAtMostTheMaximumNumberOfAccounts() {
    UserId owner = UserId.of(42);
    CreateAccountCommand open = new CreateAccountCommand(Caller.user(42), USD, null, null);
    for (int i = 0; i < LedgerServicesFixture.LIMITS.maxAccountsPerUser(); i++) {
      f.services.accounts().create(open);
    }

    assertThatThrownBy(() -> f.services.accounts().create(open))
        .isInstanceOf(TooManyAccountsException.class)
        .hasMessageContaining("at most 20");
    assertThatThrownBy(() ->
            f.services
                .accounts()
                .create(new CreateAccountCommand(LedgerServicesFixture.OPERATOR, USD, owner, null)))
        .isInstanceOf(TooManyAccountsException.class);
    assertThat(
            f.services
                .accounts()
                .create(new CreateAccountCommand(Caller.user(43), USD, null, null)))
        .isNotNull();
  }
}
