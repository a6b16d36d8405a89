package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.VND;
import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AmountLimitExceededException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.limits.FeeSchedule;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DepositTest {

  private static final AccountId WALLET = AccountId.of(1);
  private static final AccountId CLEARING = AccountId.of(2);

  private final Rows rows =
      new Rows().with(account(1, AccountKind.USER, 0), account(2, AccountKind.BANK_CLEARING, 0));

  private PostingPlan plan(Deposit deposit, PostingRules rules) {
    return deposit.plan(rows, rules, TransactionId.random(), AT);
  }

  @Test
  void theClearingAccountOfTheWalletsCurrencyPaysTheWallet() {
    Deposit deposit = new Deposit(WALLET, CLEARING, 250);

    assertThat(deposit.accountsToLock()).containsExactly(WALLET, CLEARING);
    assertThat(plan(deposit, PostingRules.DEFAULT).transaction().postings())
        .containsExactly(posting(2, vnd(-250)), posting(1, vnd(250)));
  }

  @Test
  void onlyAWalletReceivesADeposit() {
    rows.with(account(3, AccountKind.HOLD, 0));

    assertThatThrownBy(() -> plan(new Deposit(AccountId.of(3), CLEARING, 1), PostingRules.DEFAULT))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void anAmountAboveItsCurrencysMaximumIsRefused() {
    PostingRules rules = new PostingRules(new AmountLimits(99, Map.of()), FeeSchedule.NONE);

    assertThatThrownBy(() -> plan(new Deposit(WALLET, CLEARING, 100), rules))
        .isInstanceOf(AmountLimitExceededException.class);
  }

  @Test
  void aClearingAccountOfAnotherCurrencyIsABugNotAClientsError() {
    rows.with(account(2, AccountKind.BANK_CLEARING, 0, USD));

    assertThatThrownBy(() -> plan(new Deposit(WALLET, CLEARING, 1), PostingRules.DEFAULT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("BANK_CLEARING account in " + VND.value());
  }

  @Test
  void anAmountMustBePositive() {
    assertThatThrownBy(() -> new Deposit(WALLET, CLEARING, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
