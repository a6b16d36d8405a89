package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
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
 * Wallet to wallet: the payer's wallet pays the payee's, and the fee of its currency, if any, as a
 * third leg to the fee revenue account, in the same debit.
 *
 * @param to the wallet the payer named
 * @param credited where the credit lands: {@code to} itself, or one of its shards when it is a
 *     sharded merchant (chosen by the service, so that concurrent payers spread over the shards)
 * @param feeAccount the fee revenue account of the payer's currency when its transfers pay a fee;
 *     {@code null} when they pay none
 * @param amountMinor positive, in the payer's currency
 */
public record Transfer(
    Caller caller,
    Payer payer,
    AccountId from,
    AccountId to,
    AccountId credited,
    AccountId feeAccount,
    long amountMinor)
    implements Movement {

  /** Who may move money out of the paying wallet. */
  public enum Payer {
    /** The wallet's owner only: a single transfer. */
    OWNER,
    /** Its owner or an operator: a transfer in a batch, such as payroll run by the business. */
    OWNER_OR_OPERATOR;

    void require(Caller caller, Account from) {
      switch (this) {
        case OWNER -> caller.requireOwner(from);
        case OWNER_OR_OPERATOR -> caller.requireOwnerOrOperator(from);
      }
    }
  }

  public Transfer {
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(payer, "payer");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(credited, "credited");
    if (amountMinor < 1) {
      throw new IllegalArgumentException("a transfer moves a positive amount, not " + amountMinor);
    }
  }

  @Override
  public TransactionType type() {
    return TransactionType.TRANSFER;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    SortedSet<AccountId> ids = new TreeSet<>(List.of(from, credited));
    if (feeAccount != null) {
      ids.add(feeAccount);
    }
    return ids;
  }

  @Override
  public Set<AccountId> onAnyShard() {
    return feeAccount == null ? Set.of() : Set.of(feeAccount);
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Account payerWallet = locked.account(from);
    Account payee = locked.account(credited);
    payer.require(caller, payerWallet);
    payerWallet.requireWallet();
    WalletRules.requireCreditable(payee, to);
    WalletRules.requireSameCurrency(payerWallet, payee);
    Money amount = Money.of(amountMinor, payerWallet.currency());
    rules.amounts().requireWithin(amount);
    Money fee = rules.fees().feeFor(amount);
    if (fee.isZero()) {
      return PostingPlan.of(
          JournalTransaction.create(
              id,
              TransactionType.TRANSFER,
              List.of(new Posting(from, amount.negate()), new Posting(credited, amount)),
              at));
    }
    if (feeAccount == null) {
      throw new IllegalStateException(
          "a fee is due in " + amount.currency() + " but none is locked");
    }
    Account revenue =
        WalletRules.requireSystem(locked, feeAccount, AccountKind.FEE_REVENUE, amount.currency());
    // The payer pays amount and fee in one debit; the fee is a third leg, to the revenue account.
    return PostingPlan.charging(
        JournalTransaction.create(
            id,
            TransactionType.TRANSFER,
            List.of(
                new Posting(from, amount.plus(fee).negate()),
                new Posting(credited, amount),
                new Posting(revenue.id(), fee)),
            at),
        fee.amountMinor());
  }
}
