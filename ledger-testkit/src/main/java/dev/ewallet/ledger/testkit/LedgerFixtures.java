package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
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

  /**
   * The event of a VND transfer of {@code amount} posted now, leaving the payer {@code
   * payerBalanceAfter} and the payee {@code amount}, as the outbox stores it (microseconds).
   */
  public static LedgerEvent transferEvent(
      AccountId payer, AccountId payee, long amount, long payerBalanceAfter) {
    return new LedgerEvent(
        UUID.randomUUID(),
        TransactionId.random(),
        TransactionType.TRANSFER,
        null,
        null,
        Instant.now().truncatedTo(ChronoUnit.MICROS),
        List.of(
            new BalanceChange(payer, vnd(-amount), vnd(payerBalanceAfter), EntryHash.GENESIS),
            new BalanceChange(payee, vnd(amount), vnd(amount), EntryHash.GENESIS)));
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
