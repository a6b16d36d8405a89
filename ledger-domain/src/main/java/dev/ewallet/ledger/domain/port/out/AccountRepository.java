package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.account.ShardedRows;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.Consumer;

/** Where accounts and their cached balances live. No argument may be {@code null}. */
public interface AccountRepository {

  /** Stores a new account with a zero balance and returns it with its assigned id. */
  Account create(NewAccount account);

  /**
   * Stores a new account for its owner unless the owner already holds {@code maxPerOwner} accounts
   * (shards not counted). The count and the insert are atomic per owner: concurrent openings for
   * one owner can never exceed the maximum together.
   *
   * @param account a new account with an owner
   * @throws dev.ewallet.ledger.domain.error.TooManyAccountsException when the owner holds the
   *     maximum already
   */
  Account createForOwner(NewAccount account, int maxPerOwner);

  /** The account as last committed, without locking it. */
  Optional<Account> findById(AccountId id);

  /**
   * The account as last committed, without locking it.
   *
   * @throws AccountNotFoundException when there is none
   */
  default Account existing(AccountId id) {
    return findById(id).orElseThrow(() -> new AccountNotFoundException(id.value()));
  }

  /** A merchant's shards in id order, as last committed; empty for any other account. */
  List<Account> findShards(AccountId merchant);

  /**
   * Where a credit to {@code account} should land: the merchant's shards, or empty when the account
   * is not a sharded merchant. Answered from memory on the posting path; shards added on another
   * instance show up within seconds, and until then credits land on the main account, which is just
   * as correct.
   */
  List<AccountId> creditTargets(AccountId account);

  /** Every merchant that has shards, for the sweep. */
  List<AccountId> shardedMerchants();

  /**
   * The shards of a currency's system account in id order, opened with it ({@link #systemAccount});
   * empty when it has none (or is no system account). Answered from memory on the posting path,
   * which spreads the movements that may post to any shard ({@code Movement.onAnyShard}) over them.
   */
  List<AccountId> systemShards(AccountId systemAccount);

  /** The shards of merchants and system accounts per kind and currency, as committed. */
  List<ShardedRows> shardedRows();

  /**
   * The one system account of this kind and currency, opened on first use with the shards the
   * storage is configured to serve it by (none, or more than the posting writers). Safe to call
   * concurrently: every caller gets the same account.
   */
  AccountId systemAccount(AccountKind kind, CurrencyCode currency);

  /**
   * The system account of {@code kind} in the wallet's currency, once {@code wallet} is known to be
   * a wallet: naming a system account opens it on its currency's first use, and a refused request
   * opens none.
   *
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException when it is no wallet
   */
  default AccountId systemAccountServing(Account wallet, AccountKind kind) {
    wallet.requireWallet();
    return systemAccount(kind, wallet.currency());
  }

  /**
   * Locks the accounts for the rest of the current unit of work, in ascending id order, and returns
   * them as they are once locked. Ids that do not exist are absent from the result.
   *
   * <p>Must run inside {@link UnitOfWork#inTransaction}.
   */
  List<Account> lockForUpdate(SortedSet<AccountId> ids);

  /**
   * Sets the account's status, and its shards' when it is a merchant, and records the change. A
   * shard opened later takes its merchant's status.
   *
   * <p>Must run inside {@link UnitOfWork#inTransaction}, with the account and its shards locked by
   * {@link #lockForUpdate}.
   */
  void changeStatus(StatusChange change);

  /**
   * The outgoing limits the accounts have of their own and what left each of them in the UTC day
   * {@code day} and in its month; accounts with neither are absent. Inside a unit of work, with the
   * accounts locked, so that nothing changes the usage before {@link #recordOutgoing}.
   */
  Map<AccountId, OutgoingUsage> outgoing(Collection<AccountId> ids, LocalDate day);

  /**
   * Stores what has now left each account in the UTC day {@code day} and in its month (the whole
   * amounts, not increments). Inside the unit of work that locked the accounts.
   */
  void recordOutgoing(Map<AccountId, OutgoingAllowance> used, LocalDate day);

  /**
   * Sets an account's own outgoing limits ({@code null}: its currency's default), with who and
   * when. Inside a unit of work, with the account locked.
   */
  void setOutgoingLimits(
      AccountId id, Long dailyOut, Long monthlyOut, long changedBy, Instant changedAt);

  /**
   * Adds each update's delta to its account's balance, records {@code at} as the time of the
   * account's newest entry and the update's last hash as the end of its chain, all in the one row
   * write, and returns the balances and chain ends after, in the order of {@code updates}. The
   * accounts must be locked by this unit of work, {@code at} no earlier than any of their {@link
   * Account#lastEntryAt()} and each chain must still end at the update's previous hash: storage
   * refuses to put an account's entries out of time order or to fork its chain.
   */
  List<BalanceChange> applyPostings(List<AccountUpdate> updates, Instant at);

  /**
   * Keeps money that arrived for a closed wallet in suspense. Inside the unit of work that posts
   * the transaction booking it, with the wallet locked.
   */
  void keepInSuspense(SuspenseItem item);

  /**
   * Marks the wallet's kept items {@code items} released by the transaction {@code release}. Inside
   * the unit of work that posts the release, with the wallet locked.
   *
   * @throws IllegalStateException when one of them is not kept for the wallet any more: the release
   *     must fail whole
   */
  void releaseFromSuspense(AccountId wallet, List<TransactionId> items, TransactionId release);

  /** What is kept in suspense for the wallet, oldest first. */
  List<SuspenseItem> keptInSuspense(AccountId wallet);

  /**
   * The newest suspense items of a currency, newest first: only those still kept, or all.
   *
   * @param limit at most this many
   */
  List<SuspenseItem> suspenseItems(CurrencyCode currency, boolean keptOnly, int limit);

  /**
   * Turns dormant, in one statement with the records of the changes, every active user wallet with
   * an id from {@code fromId} to {@code toId}, opened before {@code inactiveSince}, that has no
   * entry since then that shows its owner's activity: a debit of a type in {@code ownerDebits} or a
   * credit of one in {@code ownerCredits}. A wallet changed meanwhile by another run is not changed
   * twice.
   *
   * @return the wallets it turned dormant
   */
  List<AccountId> markDormant(
      long fromId,
      long toId,
      Instant inactiveSince,
      Set<TransactionType> ownerDebits,
      Set<TransactionType> ownerCredits,
      String reason,
      long changedBy,
      Instant at);

  /** The highest account id given so far; 0 before the first. */
  long maxAccountId();

  /** Hands each dormant wallet of the currency to {@code sink}, longest dormant first. */
  void dormantWallets(CurrencyCode currency, Consumer<DormantWallet> sink);
}
