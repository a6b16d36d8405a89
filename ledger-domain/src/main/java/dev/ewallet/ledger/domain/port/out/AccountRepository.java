package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Where accounts and their cached balances live. No argument may be {@code null}. */
public interface AccountRepository {

  /** Stores a new account with a zero balance and returns it with its assigned id. */
  Account create(NewAccount account);

  /** The account as last committed, without locking it. */
  Optional<Account> findById(AccountId id);

  /** The owner's accounts in id order; empty when there are none. */
  List<Account> findByOwner(UserId owner);

  /**
   * The one system account of this kind and currency, opened on first use. Safe to call
   * concurrently: every caller gets the same account.
   */
  AccountId systemAccount(AccountKind kind, CurrencyCode currency);

  /**
   * Locks the accounts for the rest of the current unit of work, in ascending id order, and returns
   * them as they are once locked. Ids that do not exist are absent from the result.
   *
   * <p>Must run inside {@link UnitOfWork#inTransaction}.
   */
  List<Account> lockForUpdate(SortedSet<AccountId> ids);

  /**
   * Adds each posting's amount to its account's balance and returns the balances after, in the
   * order of {@code postings}. The accounts must be locked by this unit of work.
   */
  List<BalanceChange> applyPostings(List<Posting> postings);
}
