package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
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

  /** The message names no kind: a caller must not learn what a system account is for. */
  static void requireWallet(Account account) {
    if (!account.kind().isWallet()) {
      throw new AccessDeniedException("account " + account.id() + " is not a wallet");
    }
  }

  /**
   * The account a credit meant for {@code requested} lands on must be that wallet itself, or one of
   * its shards when it is a sharded merchant.
   */
  static void requireCreditable(Account credited, AccountId requested) {
    if (credited.id().equals(requested)) {
      requireWallet(credited);
    } else if (credited.kind() != AccountKind.MERCHANT_SHARD
        || !requested.equals(credited.parent())) {
      throw new IllegalStateException("account " + credited.id() + " is no shard of " + requested);
    }
  }

  static void requireSameCurrency(Account from, Account to) {
    if (!from.currency().equals(to.currency())) {
      throw new CurrencyMismatchException(from.currency().value(), to.currency().value());
    }
  }
}
