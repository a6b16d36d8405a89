package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Money the bank confirmed for a wallet: the bank clearing account of the wallet's currency pays
 * the wallet.
 *
 * @param clearing the bank clearing account of the wallet's currency (a wallet's currency never
 *     changes, so the service names it before locking)
 * @param amountMinor positive, in the wallet's currency
 */
public record Deposit(AccountId wallet, AccountId clearing, long amountMinor) implements Movement {

  public Deposit {
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(clearing, "clearing");
    if (amountMinor < 1) {
      throw new IllegalArgumentException("a deposit moves a positive amount, not " + amountMinor);
    }
  }

  @Override
  public TransactionType type() {
    return TransactionType.DEPOSIT;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    return new TreeSet<>(List.of(wallet, clearing));
  }

  @Override
  public Set<AccountId> onAnyShard() {
    return Set.of(clearing);
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    Account credited = locked.account(wallet);
    credited.requireWallet();
    Money amount = Money.of(amountMinor, credited.currency());
    rules.amounts().requireWithin(amount);
    Account bank =
        WalletRules.requireSystem(locked, clearing, AccountKind.BANK_CLEARING, amount.currency());
    return PostingPlan.of(
        JournalTransaction.create(
            id,
            TransactionType.DEPOSIT,
            List.of(new Posting(bank.id(), amount.negate()), new Posting(wallet, amount)),
            at));
  }
}
