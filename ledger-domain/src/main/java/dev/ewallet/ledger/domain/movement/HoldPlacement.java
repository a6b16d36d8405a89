package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An authorization: the wallet pays the hold account of its currency, and the hold is PENDING until
 * it is captured to {@code destination} ({@link HoldCapture}), voided or expires ({@link
 * HoldRelease}). Its id is the transaction's.
 *
 * @param destination the wallet a capture pays, as read before locking: only its kind and currency
 *     are checked, and neither ever changes; it is locked by the capture
 * @param holdAccount the hold account of the wallet's currency
 * @param amountMinor positive, in the wallet's currency
 * @param expiresAt after the posting time, at most {@link #MAX_HOLD} later
 */
public record HoldPlacement(
    Caller caller,
    AccountId wallet,
    Account destination,
    AccountId holdAccount,
    long amountMinor,
    Instant expiresAt)
    implements Movement {

  /** The longest a hold may reserve funds. */
  public static final Duration MAX_HOLD = Duration.ofDays(30);

  public HoldPlacement {
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(holdAccount, "holdAccount");
    Objects.requireNonNull(expiresAt, "expiresAt");
    if (amountMinor < 1) {
      throw new IllegalArgumentException("a hold reserves a positive amount, not " + amountMinor);
    }
  }

  @Override
  public TransactionType type() {
    return TransactionType.HOLD;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(wallet, holdAccount));
  }

  /**
   * @throws InvalidRequestException when {@code expiresAt} is not after {@code now}, or more than
   *     {@link #MAX_HOLD} later
   */
  private static void requireExpiry(Instant expiresAt, Instant now) {
    if (!expiresAt.isAfter(now) || expiresAt.isAfter(now.plus(MAX_HOLD))) {
      throw new InvalidRequestException("expiresAt must be in the future, at most 30 days ahead");
    }
  }

  @Override
  public Set<AccountId> onAnyShard() {
    return Set.of(holdAccount);
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Account reserving = locked.account(wallet);
    caller.requireOwnerOrOperator(reserving);
    reserving.requireWallet();
    destination.requireWallet();
    WalletRules.requireSameCurrency(reserving, destination);
    Money amount = Money.of(amountMinor, reserving.currency());
    rules.amounts().requireWithin(amount);
    Account held =
        WalletRules.requireSystem(locked, holdAccount, AccountKind.HOLD, amount.currency());
    requireExpiry(expiresAt, at);
    return PostingPlan.with(
        JournalTransaction.create(
            id,
            TransactionType.HOLD,
            List.of(new Posting(wallet, amount.negate()), new Posting(held.id(), amount)),
            at),
        new RowChange.HoldPlaced(Hold.placed(id, wallet, destination.id(), amount, expiresAt, at)));
  }
}
