package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import dev.ewallet.ledger.domain.monitor.MonitorOperator;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every {@link BalanceMonitorRepository} must do, run against the in-memory fake and the JDBC
 * adapter alike. Each test opens its own wallets, so a shared database is fine.
 */
public abstract class BalanceMonitorRepositoryContract {

  protected abstract BalanceMonitorRepository monitors();

  protected abstract AccountRepository accounts();

  protected abstract UnitOfWork unitOfWork();

  private static final MonitorCondition BELOW_1000 =
      new MonitorCondition(MonitorField.BALANCE, MonitorOperator.LESS_THAN, 1_000);

  private Account openWallet() {
    return accounts()
        .create(
            new NewAccount(
                UserId.of(LedgerFixtures.freshUserId()),
                VND,
                AccountKind.USER,
                Instant.now().truncatedTo(ChronoUnit.MICROS)));
  }

  private BalanceMonitor insert(Account wallet, MonitorCondition condition, boolean met) {
    Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
    return unitOfWork().inTransaction(() -> monitors().insert(wallet.id(), condition, met, 7, at));
  }

  @Test
  void aMonitorIsStoredAsSetAndFoundByItsAccountOnly() {
    Account wallet = openWallet();
    Account other = openWallet();
    BalanceMonitor first = insert(wallet, BELOW_1000, false);
    BalanceMonitor second =
        insert(
            wallet, new MonitorCondition(MonitorField.BALANCE, MonitorOperator.EQUAL_TO, 0), true);

    assertThat(second.id()).isGreaterThan(first.id());
    assertThat(first.accountId()).isEqualTo(wallet.id());
    assertThat(first.condition()).isEqualTo(BELOW_1000);
    assertThat(first.createdBy()).isEqualTo(7);
    assertThat(unitOfWork().inTransaction(() -> monitors().ofAccounts(List.of(wallet.id()))))
        .as("oldest first")
        .containsExactly(first, second);
    assertThat(unitOfWork().inTransaction(() -> monitors().ofAccounts(List.of(other.id()))))
        .isEmpty();
    assertThat(
            unitOfWork()
                .inTransaction(() -> monitors().ofAccounts(List.of(wallet.id(), other.id()))))
        .hasSize(2);
  }

  @Test
  void statesAreStoredTogetherAndOnlyTheirs() {
    Account wallet = openWallet();
    BalanceMonitor a = insert(wallet, BELOW_1000, false);
    BalanceMonitor b = insert(wallet, BELOW_1000, false);

    unitOfWork()
        .inTransaction(() -> {
          monitors().storeStates(List.of(a.observe(900)));
          return null;
        });

    assertThat(unitOfWork().inTransaction(() -> monitors().ofAccounts(List.of(wallet.id()))))
        .extracting(BalanceMonitor::conditionMet)
        .containsExactly(true, false);
    assertThat(b.conditionMet()).isFalse();
  }

  @Test
  void aMonitorIsDeletedFromItsOwnAccountOnly() {
    Account wallet = openWallet();
    Account other = openWallet();
    BalanceMonitor monitor = insert(wallet, BELOW_1000, false);

    assertThat(unitOfWork().inTransaction(() -> monitors().delete(other.id(), monitor.id())))
        .isFalse();
    assertThat(unitOfWork().inTransaction(() -> monitors().delete(wallet.id(), monitor.id())))
        .isTrue();
    assertThat(unitOfWork().inTransaction(() -> monitors().delete(wallet.id(), monitor.id())))
        .isFalse();
    assertThat(unitOfWork().inTransaction(() -> monitors().ofAccounts(List.of(wallet.id()))))
        .isEmpty();
  }

  @Test
  void monitorsOnTheAmountsBesideTheBalanceAreStoredAndThoseAmountsRead() {
    Account wallet = openWallet();
    MonitorCondition held =
        new MonitorCondition(MonitorField.HELD_AMOUNT, MonitorOperator.AT_LEAST, 500);
    MonitorCondition pending =
        new MonitorCondition(MonitorField.PENDING_IN, MonitorOperator.GREATER_THAN, 0);
    insert(wallet, held, false);
    insert(wallet, pending, false);
    AccountId unknown = AccountId.of(Long.MAX_VALUE);

    assertThat(unitOfWork().inTransaction(() -> monitors().ofAccounts(List.of(wallet.id()))))
        .extracting(BalanceMonitor::condition)
        .containsExactly(held, pending);
    assertThat(
            unitOfWork()
                .inTransaction(
                    () -> monitors().amountsBesideBalance(List.of(wallet.id(), unknown))))
        .as("nothing held or pending yet; an account that does not exist is absent")
        .containsExactly(
            Map.entry(wallet.id(), new AmountsBesideBalance(Money.zero(VND), Money.zero(VND))));
  }
}
