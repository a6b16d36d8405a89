package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.money.CurrencyCode;

/** Rules on the accounts a movement may touch, shared by the movements. */
final class WalletRules {

  private WalletRules() {}

  /**
   * The account a credit meant for {@code requested} lands on must be that wallet itself, or one of
   * its shards when it is a sharded merchant.
   */
  static void requireCreditable(Account credited, AccountId requested) {
    if (credited.id().equals(requested)) {
      credited.requireWallet();
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

  /**
   * The system account the service named for a movement must be the one of its kind and currency: a
   * mismatch is a bug in the caller, never a client's error.
   */
  static Account requireSystem(LockedRows locked, AccountId id, AccountKind kind, CurrencyCode in) {
    Account account = locked.account(id);
    if (account.kind() != kind || !account.currency().equals(in)) {
      throw new IllegalStateException(
          "account " + id + " is no " + kind + " account in " + in.value() + ": " + account);
    }
    return account;
  }
}
