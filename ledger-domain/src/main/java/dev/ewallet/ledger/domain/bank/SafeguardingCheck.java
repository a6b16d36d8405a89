package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.Objects;

/**
 * The safeguarding check of one currency: what the bank's latest end-of-day statement says the
 * safeguarding account holds, against what it should hold by the ledger. Every term is in the
 * currency, in minor units; every sum is exact or an overflow error.
 *
 * <pre>
 * owedToCustomers = customerBalances + heldAmounts
 * expectedAtBank  = owedToCustomers + payoutsInTransit + unpostedCredits
 * difference      = bankClosing - expectedAtBank      (negative: a shortfall)
 * </pre>
 *
 * @param statement the latest end-of-day statement of the account; {@code null} before the first,
 *     when there is nothing to compare with
 * @param bankClosing that statement's closing balance; {@code null} with it
 * @param customerBalances what wallets, merchants and merchant shards hold, spendable, and what is
 *     kept in suspense for closed wallets (owed to their owners)
 * @param heldAmounts what customers have in pending holds and withdrawals (the hold accounts)
 * @param payoutsInTransit withdrawals the ledger completed whose payment no statement line has been
 *     matched to yet: the bank still holds that money
 * @param unpostedCredits credits on end-of-day statements still in the exceptions queue: money the
 *     bank holds that no wallet has been credited with yet
 */
public record SafeguardingCheck(
    CurrencyCode currency,
    SafeguardingAccount account,
    StatementRef statement,
    Money bankClosing,
    Money customerBalances,
    Money heldAmounts,
    Money payoutsInTransit,
    Money unpostedCredits) {

  /** The statement the check compares with: its stored id and the bank's ids. */
  public record StatementRef(long id, String messageId, String statementId) {}

  public SafeguardingCheck {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(account, "account");
    if ((statement == null) != (bankClosing == null)) {
      throw new IllegalArgumentException("a closing balance comes with its statement");
    }
    for (Money term :
        new Money[] {
          bankClosing, customerBalances, heldAmounts, payoutsInTransit, unpostedCredits
        }) {
      if (term != null) {
        term.requireSameCurrency(Money.zero(currency));
      }
    }
    Objects.requireNonNull(customerBalances, "customerBalances");
    Objects.requireNonNull(heldAmounts, "heldAmounts");
    Objects.requireNonNull(payoutsInTransit, "payoutsInTransit");
    Objects.requireNonNull(unpostedCredits, "unpostedCredits");
  }

  /** What the ledger owes its customers: their balances and what they have held. */
  public Money owedToCustomers() {
    return customerBalances.plus(heldAmounts);
  }

  /** What the bank should report: what is owed, plus money at the bank the ledger has moved on. */
  public Money expectedAtBank() {
    return owedToCustomers().plus(payoutsInTransit).plus(unpostedCredits);
  }

  /** The bank's closing balance less what it should be; {@code null} before the first statement. */
  public Money difference() {
    return bankClosing == null ? null : bankClosing.plus(expectedAtBank().negate());
  }

  /** Whether the bank holds less than it should: a safeguarding shortfall. */
  public boolean shortfall() {
    Money difference = difference();
    return difference != null && difference.isNegative();
  }
}
