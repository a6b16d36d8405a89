package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Shared test data for every module's tests: currencies, amounts, keys and fresh user ids. */
public final class LedgerFixtures {

  public static final CurrencyCode VND = CurrencyCode.of("VND");
  public static final CurrencyCode USD = CurrencyCode.of("USD");

  private LedgerFixtures() {}

  public static Money vnd(long amountMinor) {
    return Money.of(amountMinor, VND);
  }

  /** A key no other test uses. */
  public static IdempotencyKey freshKey() {
    return IdempotencyKey.of("key-" + UUID.randomUUID());
  }

  /**
   * A user id no other test uses, so tests sharing one database never see each other's accounts.
   */
  public static long freshUserId() {
    return ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
  }
}
