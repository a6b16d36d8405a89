package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;

/** Rules on the accounts a deposit or transfer may touch. */
final class WalletRules {

  private WalletRules() {}

  static void requireWallet(Account account) {
    if (!account.kind().isWallet()) {
      throw new AccessDeniedException(
          "account " + account.id() + " is a " + account.kind() + " account, not a wallet");
    }
  }

  static void requireSameCurrency(Account from, Account to) {
    if (!from.currency().equals(to.currency())) {
      throw new CurrencyMismatchException(from.currency().value(), to.currency().value());
    }
  }
}
