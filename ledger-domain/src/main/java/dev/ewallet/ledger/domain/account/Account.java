package dev.ewallet.ledger.domain.account;

import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.error.AccountDormantException;
import dev.ewallet.ledger.domain.error.AccountFrozenException;
import dev.ewallet.ledger.domain.error.AccountNotEmptyException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An account as stored: its balance is the sum of its entries, cached so that checks need not sum
 * millions of rows. Instances come from storage through {@link #rehydrate}, which re-checks the
 * invariants the database also enforces.
 *
 * <p>An account's entries are in time order in the order they were posted: a posting takes its time
 * no earlier than the newest entry of any account it touches ({@link #earliestPostingTime}),
 * whatever the clock of the instance that posts it. History is read in that order, and a balance at
 * an instant is the balance after the newest entry at or before it.
 *
 * @param owner the owning user; {@code null} for system accounts
 * @param parent the main account a shard belongs to: a merchant's ({@link
 *     AccountKind#MERCHANT_SHARD}) or a system account's (a row of the same kind and currency);
 *     {@code null} for every other account
 * @param lastEntryAt no entry of the account is later: when the newest was posted (for accounts
 *     older than the partitioned journal, a bound above it); {@code null} before the first entry
 * @param lastHash the hash of the newest entry, the end of the account's hash chain; {@link
 *     EntryHash#GENESIS} before the first entry
 * @param status whether an operator froze the account; a merchant's shards share the merchant's
 */
public record Account(
    AccountId id,
    UserId owner,
    CurrencyCode currency,
    AccountKind kind,
    Money balance,
    Instant createdAt,
    AccountId parent,
    Instant lastEntryAt,
    EntryHash lastHash,
    AccountStatus status) {

  /** An active account that is not a shard, before its first entry. */
  public Account(
      AccountId id,
      UserId owner,
      CurrencyCode currency,
      AccountKind kind,
      Money balance,
      Instant createdAt) {
    this(
        id,
        owner,
        currency,
        kind,
        balance,
        createdAt,
        null,
        null,
        EntryHash.GENESIS,
        AccountStatus.ACTIVE);
  }

  public Account {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(lastHash, "lastHash");
    Objects.requireNonNull(status, "status");
    if (!balance.currency().equals(currency)) {
      throw new IllegalStateException("account " + id + " in " + currency + " holds " + balance);
    }
    if (balance.isNegative() && !kind.allowsNegative()) {
      throw new IllegalStateException("account " + id + " of kind " + kind + " holds " + balance);
    }
    if (kind.hasOwner() && owner == null) {
      throw new IllegalStateException("wallet " + id + " has no owner");
    }
    if (kind == AccountKind.MERCHANT_SHARD ? parent == null : parent != null && kind.hasOwner()) {
      throw new IllegalStateException(
          "account " + id + " of kind " + kind + " has parent " + parent);
    }
  }

  /** Rebuilds an account from stored columns, failing fast when they break an invariant. */
  public static Account rehydrate(
      long id,
      Long ownerId,
      String currency,
      AccountKind kind,
      long balanceMinor,
      Instant createdAt) {
    return rehydrate(
        id,
        ownerId,
        currency,
        kind,
        balanceMinor,
        createdAt,
        null,
        null,
        EntryHash.GENESIS,
        AccountStatus.ACTIVE);
  }

  /**
   * As {@link #rehydrate(long, Long, String, AccountKind, long, Instant)}, for a shard too, with
   * the time of the newest entry ({@code null} before the first), its hash and the status.
   */
  public static Account rehydrate(
      long id,
      Long ownerId,
      String currency,
      AccountKind kind,
      long balanceMinor,
      Instant createdAt,
      Long parentId,
      Instant lastEntryAt,
      EntryHash lastHash,
      AccountStatus status) {
    CurrencyCode code = CurrencyCode.of(currency);
    return new Account(
        AccountId.of(id),
        ownerId == null ? null : UserId.of(ownerId),
        code,
        kind,
        Money.of(balanceMinor, code),
        createdAt,
        parentId == null ? null : AccountId.of(parentId),
        lastEntryAt,
        lastHash,
        status);
  }

  /**
   * The account after an entry posted at {@code at} that left {@code newBalance} and extended the
   * account's hash chain to {@code hash}.
   *
   * @throws IllegalStateException when {@code at} is before the newest entry's time, which would
   *     put the account's entries out of time order
   */
  public Account posted(Money newBalance, Instant at, EntryHash hash) {
    if (at.isBefore(earliestPostingTime(at))) {
      throw new IllegalStateException(
          "account " + id + " has an entry at " + lastEntryAt + ", later than " + at);
    }
    return new Account(id, owner, currency, kind, newBalance, createdAt, parent, at, hash, status);
  }

  /** This account with another status; nothing else changes. */
  public Account withStatus(AccountStatus newStatus) {
    return new Account(
        id, owner, currency, kind, balance, createdAt, parent, lastEntryAt, lastHash, newStatus);
  }

  /**
   * This wallet closed, once it is checked to hold nothing: a zero balance over it and its shards,
   * nothing held or on its way out, and no deposit announced for it. Its owner may not close it
   * while an operator keeps it frozen; an operator may. A closed wallet takes no posting.
   *
   * @param shardsMinor what its merchant shards hold (0 for any other wallet)
   * @param heldMinor what its pending holds and withdrawals reserve
   * @param pendingInMinor what announced deposits will bring it
   * @throws AccountNotEmptyException when it still holds or expects money
   * @throws AccountFrozenException when its owner closes it while it is frozen
   * @throws AccountClosedException when it is closed already
   */
  public Account closed(long shardsMinor, long heldMinor, long pendingInMinor, boolean byOperator) {
    requireWallet();
    requireNotClosed();
    boolean frozen = status == AccountStatus.FROZEN_DEBITS || status == AccountStatus.FROZEN_ALL;
    if (frozen && !byOperator) {
      throw new AccountFrozenException(id.value(), status.name());
    }
    long total = Math.addExact(balance.amountMinor(), shardsMinor);
    if (total != 0 || heldMinor != 0 || pendingInMinor != 0) {
      throw new AccountNotEmptyException(id.value(), total, heldMinor, pendingInMinor);
    }
    return withStatus(AccountStatus.CLOSED);
  }

  /**
   * The time a posting that reads the clock at {@code now} must take to keep this account's entries
   * in time order: {@code now}, or the newest entry's time when a clock behind this one posted it.
   */
  public Instant earliestPostingTime(Instant now) {
    return lastEntryAt == null || !now.isBefore(lastEntryAt) ? now : lastEntryAt;
  }

  /**
   * Refuses a change this account's status does not let through; the caller decides whether the
   * transaction is one a freeze or dormancy stops (a closed account refuses every one: {@link
   * #requireNotClosed}).
   *
   * @throws AccountClosedException when the account is closed
   * @throws AccountDormantException when it is dormant and this is a debit
   * @throws AccountFrozenException when a freeze refuses a change of this sign
   */
  public void requireOpenTo(Money change) {
    requireNotClosed();
    if (!status.permits(change)) {
      if (status == AccountStatus.DORMANT) {
        throw new AccountDormantException(id.value());
      }
      throw new AccountFrozenException(id.value(), status.name());
    }
  }

  /**
   * The status a reactivation gives this wallet: active again when it is dormant; {@code null}
   * (nothing to change) for any other status, a freeze included, which only an operator lifts.
   *
   * @throws AccountClosedException when it is closed: reopening is another action
   */
  public AccountStatus reactivated() {
    requireWallet();
    requireNotClosed();
    return status == AccountStatus.DORMANT ? AccountStatus.ACTIVE : null;
  }

  /**
   * Refuses any posting to a closed account, whatever its type.
   *
   * @throws AccountClosedException when the account is closed
   */
  public void requireNotClosed() {
    if (status == AccountStatus.CLOSED) {
      throw new AccountClosedException(id.value());
    }
  }

  /**
   * Refuses any account but a wallet (a user's, or a merchant's main account). The message names no
   * kind: a caller must not learn what a system account is for.
   *
   * @throws AccessDeniedException unless this is a wallet
   */
  public void requireWallet() {
    if (!kind.isWallet()) {
      throw new AccessDeniedException("account " + id + " is not a wallet");
    }
  }

  public Optional<UserId> ownerId() {
    return Optional.ofNullable(owner);
  }

  public boolean isOwnedBy(UserId user) {
    return owner != null && owner.equals(user);
  }

  /**
   * The balance after applying {@code change}.
   *
   * @throws InsufficientFundsException when an account that may not go negative would
   */
  public Money balanceAfter(Money change) {
    Money after = balance.plus(change);
    if (after.isNegative() && !kind.allowsNegative()) {
      throw new InsufficientFundsException(
          id.value(), balance.amountMinor(), change.negate().amountMinor());
    }
    return after;
  }
}
