package dev.ewallet.ledger.domain.movement;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An operator's posting of several legs between wallets (a merchant's main account included; never
 * a shard or a system account, whose balances mirror what the ledger's own flows hold), all or
 * nothing. The legs' currencies are their accounts', read once locked, so the zero sum per currency
 * is checked there.
 *
 * @param legs at least two, each on another account
 */
public record MultiLeg(List<Leg> legs) implements Movement {

  /** One leg: a signed amount in its account's currency; negative debits. */
  public record Leg(AccountId accountId, long amountMinor) {

    public Leg {
      Objects.requireNonNull(accountId, "accountId");
    }
  }

  public MultiLeg {
    legs = List.copyOf(legs);
  }

  @Override
  public TransactionType type() {
    return TransactionType.POSTING;
  }

  @Override
  public SortedSet<AccountId> accountsToLock() {
    SortedSet<AccountId> ids = new TreeSet<>();
    legs.forEach(leg -> ids.add(leg.accountId()));
    return ids;
  }

  @Override
  public PostingPlan plan(LockedRows locked, PostingRules rules, TransactionId id, Instant at) {
    List<Posting> postings = new ArrayList<>();
    Map<CurrencyCode, Money> sums = new LinkedHashMap<>();
    for (Leg leg : legs) {
      Account account = locked.account(leg.accountId());
      account.requireWallet();
      Money amount = Money.of(leg.amountMinor(), account.currency());
      rules.amounts().requireWithin(amount.isNegative() ? amount.negate() : amount);
      sums.merge(amount.currency(), amount, Money::plus);
      postings.add(new Posting(account.id(), amount));
    }
    for (Money sum : sums.values()) {
      if (!sum.isZero()) {
        throw new InvalidRequestException(
            "the legs in "
                + sum.currency().value()
                + " sum to "
                + sum.amountMinor()
                + ", not zero");
      }
    }
    return PostingPlan.of(JournalTransaction.create(id, TransactionType.POSTING, postings, at));
  }
}
