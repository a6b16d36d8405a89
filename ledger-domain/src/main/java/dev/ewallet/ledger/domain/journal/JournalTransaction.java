package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.NotReversibleException;
import dev.ewallet.ledger.domain.error.RefundExceedsOriginalException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A balanced, immutable set of postings: the only way a balance ever changes. It is built only by
 * {@link #create} (or {@link #reverse}), which refuses anything that would break double entry.
 * Corrections are new reversing transactions, never edits.
 */
public final class JournalTransaction {

  /** The most postings one transaction may carry; keeps locks and statements bounded. */
  public static final int MAX_POSTINGS = 64;

  private final TransactionId id;
  private final TransactionType type;
  private final List<Posting> postings;
  private final TransactionId original;
  private final Instant createdAt;

  private JournalTransaction(
      TransactionId id,
      TransactionType type,
      List<Posting> postings,
      TransactionId original,
      Instant createdAt) {
    this.id = id;
    this.type = type;
    this.postings = postings;
    this.original = original;
    this.createdAt = createdAt;
  }

  /**
   * Builds a transaction after checking: at least 2 and at most {@link #MAX_POSTINGS} postings, no
   * zero amount, each account at most once, and the postings of every currency summing to zero.
   *
   * @throws IllegalArgumentException when any rule is broken: posting code must never build one
   */
  public static JournalTransaction create(
      TransactionId id, TransactionType type, List<Posting> postings, Instant createdAt) {
    if (type.linksOriginal()) {
      throw new IllegalArgumentException("a " + type + " is built from its original");
    }
    return validated(id, type, postings, null, createdAt);
  }

  /**
   * The transaction that undoes this one, linked to it: every posting negated, except that a debit
   * of a merchant shard that no longer holds the whole amount (a sweep has moved money on to the
   * merchant's main account) takes what the shard holds and the rest from the merchant, where the
   * money now is; an empty shard is not posted to at all. Whether this one was reversed before is
   * storage's to enforce (a unique link), not this object's.
   *
   * @param locked the accounts this transaction touches, and the merchants of its shards, as they
   *     are once locked
   * @throws NotReversibleException when this transaction's type may not be reversed
   */
  public JournalTransaction reverse(
      TransactionId reversalId, Instant at, Map<AccountId, Account> locked) {
    if (!type.isReversible()) {
      throw new NotReversibleException(id.toString(), type.name());
    }
    Map<AccountId, Money> amounts = new LinkedHashMap<>();
    for (Posting posting : postings) {
      for (Posting paid : wherePaid(posting.negated(), locked)) {
        amounts.merge(paid.accountId(), paid.amount(), Money::plus);
      }
    }
    List<Posting> negation =
        amounts.entrySet().stream()
            .filter(amount -> !amount.getValue().isZero())
            .map(amount -> new Posting(amount.getKey(), amount.getValue()))
            .toList();
    return validated(reversalId, TransactionType.REVERSAL, negation, id, at);
  }

  /**
   * Where a reversing posting lands: on its own account, unless it debits a merchant shard that
   * holds less than the amount; then the shard pays what it holds and its merchant the rest.
   */
  private static List<Posting> wherePaid(Posting posting, Map<AccountId, Account> locked) {
    Account account = lockedAccount(posting.accountId(), locked);
    boolean shardShortOfIt =
        account.kind() == AccountKind.MERCHANT_SHARD
            && account.balance().plus(posting.amount()).isNegative();
    if (!shardShortOfIt) {
      return List.of(posting);
    }
    AccountId merchant = lockedAccount(account.parent(), locked).id();
    Posting rest = new Posting(merchant, posting.amount().plus(account.balance()));
    return account.balance().isZero()
        ? List.of(rest)
        : List.of(new Posting(account.id(), account.balance().negate()), rest);
  }

  private static Account lockedAccount(AccountId id, Map<AccountId, Account> locked) {
    Account account = locked.get(id);
    if (account == null) {
      throw new IllegalArgumentException("account " + id + " is not locked");
    }
    return account;
  }

  /**
   * Part of this transfer paid back to the payer, linked to it: taken from the payee (the
   * transfer's first credit; a fee, if it charged one, is its second and is not refunded) where the
   * money now is (a merchant's shard, or after a sweep its main account, as a reversal takes it).
   * The refunds of a transfer never add up to more than its amount. Whether it was reversed is
   * storage's to say, and the caller's to check under the accounts' locks.
   *
   * @param amountMinor positive, in this transfer's currency
   * @param refundedBeforeMinor what its earlier refunds paid back, read under the same locks
   * @param locked this transfer's accounts, and the merchant of its shard, as they are once locked
   * @throws InvalidRequestException when this is not a transfer
   * @throws RefundExceedsOriginalException when the refunds would exceed the transfer's amount
   */
  public JournalTransaction refund(
      TransactionId refundId,
      long amountMinor,
      long refundedBeforeMinor,
      Instant at,
      Map<AccountId, Account> locked) {
    if (type != TransactionType.TRANSFER) {
      throw new InvalidRequestException(
          "only transfers can be refunded; transaction " + id + " is a " + type);
    }
    if (amountMinor < 1 || refundedBeforeMinor < 0) {
      throw new IllegalArgumentException("refund " + amountMinor + " after " + refundedBeforeMinor);
    }
    long remaining = refundableMinor(refundedBeforeMinor);
    if (amountMinor > remaining) {
      throw new RefundExceedsOriginalException(id.toString(), remaining);
    }
    Posting payer =
        postings.stream().filter(p -> p.amount().isNegative()).findFirst().orElseThrow();
    Posting payee = payeeCredit();
    Money amount = Money.of(amountMinor, payee.amount().currency());
    List<Posting> back =
        new ArrayList<>(wherePaid(new Posting(payee.accountId(), amount.negate()), locked));
    back.add(new Posting(payer.accountId(), amount));
    return validated(refundId, TransactionType.REFUND, back, id, at);
  }

  /**
   * What refunds may still pay back of this transfer once {@code refundedMinor} has been: its
   * amount (the payee's credit, never the fee) less that, never below nothing; 0 for any other
   * type, which cannot be refunded.
   */
  public long refundableMinor(long refundedMinor) {
    if (type != TransactionType.TRANSFER) {
      return 0;
    }
    return Math.max(0, payeeCredit().amount().amountMinor() - refundedMinor);
  }

  /** A transfer's first credit: what the payee received. */
  private Posting payeeCredit() {
    return postings.stream().filter(p -> p.amount().isPositive()).findFirst().orElseThrow();
  }

  /** Rebuilds a stored transaction, re-checking the same rules as {@link #create}. */
  public static JournalTransaction rehydrate(
      TransactionId id,
      TransactionType type,
      List<Posting> postings,
      TransactionId original,
      Instant createdAt) {
    if (type.linksOriginal() != (original != null)) {
      throw new IllegalStateException(
          "transaction " + id + ": only reversals and refunds link an original");
    }
    return validated(id, type, postings, original, createdAt);
  }

  private static JournalTransaction validated(
      TransactionId id,
      TransactionType type,
      List<Posting> postings,
      TransactionId original,
      Instant createdAt) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(postings, "postings");
    Objects.requireNonNull(createdAt, "createdAt");
    List<Posting> copy = List.copyOf(postings);
    if (copy.size() < 2) {
      throw new IllegalArgumentException(
          "a transaction needs at least 2 postings, got " + copy.size());
    }
    if (copy.size() > MAX_POSTINGS) {
      throw new IllegalArgumentException(
          "a transaction takes at most " + MAX_POSTINGS + " postings, got " + copy.size());
    }
    requireNoZeroAndDistinctAccounts(copy);
    requireBalancedPerCurrency(copy);
    return new JournalTransaction(id, type, copy, original, createdAt);
  }

  private static void requireNoZeroAndDistinctAccounts(List<Posting> postings) {
    Set<AccountId> seen = new HashSet<>();
    for (Posting posting : postings) {
      if (posting.amount().isZero()) {
        throw new IllegalArgumentException("zero posting on account " + posting.accountId());
      }
      if (!seen.add(posting.accountId())) {
        throw new IllegalArgumentException("account " + posting.accountId() + " posted twice");
      }
    }
  }

  private static void requireBalancedPerCurrency(List<Posting> postings) {
    Map<CurrencyCode, Money> sums = new LinkedHashMap<>();
    for (Posting posting : postings) {
      sums.merge(posting.amount().currency(), posting.amount(), Money::plus);
    }
    sums.values().stream()
        .filter(sum -> !sum.isZero())
        .findFirst()
        .ifPresent(sum -> {
          throw new IllegalArgumentException("postings do not sum to zero: " + sum);
        });
  }

  /**
   * The balance one of this transaction's postings leaves on its account, as locked.
   *
   * @throws dev.ewallet.ledger.domain.error.InsufficientFundsException when an account that may not
   *     go negative would
   * @throws dev.ewallet.ledger.domain.error.AccountFrozenException when the account's status
   *     refuses the change and this transaction's type is one a freeze stops
   * @throws dev.ewallet.ledger.domain.error.AccountDormantException likewise, for a dormant wallet
   * @throws dev.ewallet.ledger.domain.error.AccountClosedException when the account is closed,
   *     whatever the type (a credit the closed-wallet policy takes elsewhere was moved before)
   */
  public Money balanceAfter(Account account, Posting posting) {
    if (!postings.contains(posting) || !posting.accountId().equals(account.id())) {
      throw new IllegalArgumentException(
          posting + " is not this transaction's, on " + account.id());
    }
    if (type.movesMoneyAnew()) {
      account.requireOpenTo(posting.amount());
    } else {
      account.requireNotClosed();
    }
    return account.balanceAfter(posting.amount());
  }

  /**
   * This transaction with the posting of {@code from} on {@code to} instead: where money arriving
   * for a closed wallet is kept. Same id, type, original and time.
   *
   * @throws IllegalArgumentException when {@code from} has no posting here or {@code to} has one
   */
  public JournalTransaction withPostingMoved(AccountId from, AccountId to) {
    if (postings.stream().noneMatch(p -> p.accountId().equals(from))) {
      throw new IllegalArgumentException("no posting on " + from + " in " + this);
    }
    List<Posting> moved =
        postings.stream()
            .map(p -> p.accountId().equals(from) ? new Posting(to, p.amount()) : p)
            .toList();
    return validated(id, type, moved, original, createdAt);
  }

  public TransactionId id() {
    return id;
  }

  public TransactionType type() {
    return type;
  }

  public List<Posting> postings() {
    return postings;
  }

  /**
   * The one account this transaction credited: where a hold or a withdrawal request put the money
   * it holds, which its settlement takes back from that very row (a shard of the hold account, ADR
   * 0022).
   *
   * @throws IllegalStateException when it credited none or several
   */
  public AccountId creditedAccount() {
    List<AccountId> credited =
        postings.stream().filter(p -> p.amount().isPositive()).map(Posting::accountId).toList();
    if (credited.size() != 1) {
      throw new IllegalStateException(id + " credited " + credited + ", not one account");
    }
    return credited.getFirst();
  }

  /** The original this transaction reverses; empty unless it is a reversal. */
  public Optional<TransactionId> reversalOf() {
    return type == TransactionType.REVERSAL ? Optional.of(original) : Optional.empty();
  }

  /** The transfer this transaction refunds part of; empty unless it is a refund. */
  public Optional<TransactionId> refundOf() {
    return type == TransactionType.REFUND ? Optional.of(original) : Optional.empty();
  }

  public Instant createdAt() {
    return createdAt;
  }

  /** The accounts this transaction touches, in the one global lock order (ascending id). */
  public SortedSet<AccountId> accountIds() {
    SortedSet<AccountId> ids = new TreeSet<>();
    postings.forEach(posting -> ids.add(posting.accountId()));
    return ids;
  }

  @Override
  public String toString() {
    return type + " " + id + " " + postings;
  }
}
