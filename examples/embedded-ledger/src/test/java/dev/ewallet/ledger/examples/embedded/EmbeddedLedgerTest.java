package dev.ewallet.ledger.examples.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class EmbeddedLedgerTest {

  private final EmbeddedLedger ledger = new EmbeddedLedger(Clock.systemUTC());

  @Test
  void walletsDepositsTransfersAndReconciliationWorkWithoutAFramework() {
    AccountId alice = ledger.openWallet(7);
    AccountId bob = ledger.openWallet(8);

    ledger.deposit(alice, 100_000, "deposit-1");
    ledger.transfer(7, alice, bob, 25_000, "transfer-1");
    ledger.transfer(7, alice, bob, 25_000, "transfer-1");

    assertEquals(75_000, ledger.balance(7, alice));
    assertEquals(25_000, ledger.balance(8, bob));
    assertThrows(
        InsufficientFundsException.class,
        () -> ledger.transfer(7, alice, bob, 75_001, "transfer-2"));
    assertTrue(ledger.reconcile().balanced());
  }

  @Test
  void theProgramRunsWithNoSpringOnItsClassPath() {
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName("org.springframework.context.ApplicationContext"));
    EmbeddedLedger.main(new String[0]);
  }
}
