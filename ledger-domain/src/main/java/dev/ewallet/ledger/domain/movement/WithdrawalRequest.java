package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A cash-out asked for by the wallet's owner: the wallet pays the hold account of its currency, and
 * the withdrawal is PENDING until the bank pays or refuses it ({@link WithdrawalCompletion}, {@link
 * WithdrawalFailure}). Its id is the transaction's.
 *
 * @param holdAccount the hold account of the wallet's currency
 * @param amountMinor positive, in the wallet's currency
 * @param payee the bank account to pay; {@code null} when the bank knows it otherwise
 */
public record WithdrawalRequest(
    Caller caller, AccountId wallet, AccountId holdAccount, long amountMinor, BankParty payee)
    implements Movement {

  public WithdrawalRequest {
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(holdAccount, "holdAccount");
    if (amountMinor < 1) {
      throw new IllegalArgumentException(
          "a withdrawal moves a positive amount, not " + amountMinor);
    }
  }

  @Override
  public TransactionType type() {
    return TransactionType.WITHDRAWAL;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(wallet, holdAccount));
  }

  @Override
  public Set<AccountId> onAnyShard() {
    return Set.of(holdAccount);
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Account paying = locked.account(wallet);
    caller.requireOwner(paying);
    paying.requireWallet();
    Money amount = Money.of(amountMinor, paying.currency());
    rules.amounts().requireWithin(amount);
    Account held =
        WalletRules.requireSystem(locked, holdAccount, AccountKind.HOLD, amount.currency());
    return PostingPlan.with(
        JournalTransaction.create(
            id,
            TransactionType.WITHDRAWAL,
            List.of(new Posting(wallet, amount.negate()), new Posting(held.id(), amount)),
            at),
        new RowChange.WithdrawalRequested(Withdrawal.requested(id, wallet, amount, at, payee)));
  }
}
