package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.port.out.AccountRepository;

/** Rules on the accounts a posting may touch. */
final class WalletRules {

  private WalletRules() {}

  /** The account as committed; {@link AccountNotFoundException} when there is none. */
  static Account existing(AccountRepository accounts, AccountId id) {
    return accounts.findById(id).orElseThrow(() -> new AccountNotFoundException(id.value()));
  }

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
