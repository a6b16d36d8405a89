package dev.ewallet.ledger.domain;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.UUID;

/**
 * Values the domain's own unit tests share. The testkit's {@code LedgerFixtures} serve every other
 * module; the domain cannot use them, because the testkit is built on the domain.
 */
public final class DomainValues {

  public static final CurrencyCode VND = CurrencyCode.of("VND");
  public static final CurrencyCode USD = CurrencyCode.of("USD");

  private DomainValues() {}

  public static Money vnd(long amountMinor) {
    return Money.of(amountMinor, VND);
  }

  public static Posting posting(long accountId, Money amount) {
    return new Posting(AccountId.of(accountId), amount);
  }

  public static IdempotencyKey freshKey() {
    return IdempotencyKey.of("key-" + UUID.randomUUID());
  }
}
