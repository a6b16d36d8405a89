package dev.ewallet.ledger.domain.journal;

import static dev.ewallet.ledger.domain.testing.LedgerFixtures.USD;
import static dev.ewallet.ledger.domain.testing.LedgerFixtures.posting;
import static dev.ewallet.ledger.domain.testing.LedgerFixtures.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class JournalTransactionTest {

  private static final Instant AT = Instant.parse("2026-11-30T10:00:00Z");

  private static JournalTransaction transfer(List<Posting> postings) {
    return JournalTransaction.create(
        TransactionId.random(), TransactionType.TRANSFER, postings, AT);
  }

  @Test
  void aBalancedTransactionIsBuiltAndImmutable() {
    List<Posting> postings = new ArrayList<>(List.of(posting(1, vnd(-100)), posting(2, vnd(100))));
    JournalTransaction tx = transfer(postings);
    postings.clear();

    assertThat(tx.postings()).hasSize(2);
    assertThatThrownBy(() -> tx.postings().add(posting(3, vnd(1))))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(tx.accountIds()).containsExactly(AccountId.of(1), AccountId.of(2));
    assertThat(tx.reversalOf()).isEmpty();
  }

  @Test
  void needsAtLeastTwoPostings() {
    assertThatThrownBy(() -> transfer(List.of(posting(1, vnd(0)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 2");
  }

  @Test
  void postingsMustSumToZero() {
    assertThatThrownBy(() -> transfer(List.of(posting(1, vnd(-100)), posting(2, vnd(99)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("do not sum to zero");
  }

  @Test
  void eachCurrencyMustBalanceOnItsOwn() {
    List<Posting> crossCurrency = List.of(posting(1, vnd(-100)), posting(2, Money.of(100, USD)));
    assertThatThrownBy(() -> transfer(crossCurrency))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("do not sum to zero");
  }

  @Test
  void zeroAmountsAreRefused() {
    assertThatThrownBy(
            () -> transfer(List.of(posting(1, vnd(0)), posting(2, vnd(5)), posting(3, vnd(-5)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("zero posting");
  }

  @Test
  void anAccountAppearsAtMostOnce() {
    assertThatThrownBy(() -> transfer(List.of(posting(1, vnd(-5)), posting(1, vnd(5)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("posted twice");
  }

  @Test
  void theNumberOfPostingsIsBounded() {
    int n = JournalTransaction.MAX_POSTINGS + 2;
    List<Posting> many = new ArrayList<>();
    LongStream.rangeClosed(1, n / 2)
        .forEach(i -> {
          many.add(posting(i, vnd(-1)));
          many.add(posting(1_000 + i, vnd(1)));
        });
    assertThatThrownBy(() -> transfer(many))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most " + JournalTransaction.MAX_POSTINGS);
  }

  @Test
  void aSumThatOverflowsIsRefused() {
    List<Posting> overflowing =
        List.of(
            posting(1, vnd(Long.MAX_VALUE)), posting(2, vnd(Long.MAX_VALUE)), posting(3, vnd(-1)));
    assertThatThrownBy(() -> transfer(overflowing)).isInstanceOf(RuntimeException.class);
  }

  @Test
  void aReversalNegatesEveryPostingAndLinksTheOriginal() {
    JournalTransaction original = transfer(List.of(posting(1, vnd(-300)), posting(2, vnd(300))));
    TransactionId reversalId = TransactionId.random();

    JournalTransaction reversal = original.reverse(reversalId, AT.plusSeconds(1));

    assertThat(reversal.id()).isEqualTo(reversalId);
    assertThat(reversal.type()).isEqualTo(TransactionType.REVERSAL);
    assertThat(reversal.reversalOf()).contains(original.id());
    assertThat(reversal.postings()).containsExactly(posting(1, vnd(300)), posting(2, vnd(-300)));
  }

  @Test
  void reversalsAreBuiltOnlyFromTheirOriginal() {
    assertThatThrownBy(() ->
            JournalTransaction.create(
                TransactionId.random(),
                TransactionType.REVERSAL,
                List.of(posting(1, vnd(-1)), posting(2, vnd(1))),
                AT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() ->
            JournalTransaction.rehydrate(
                TransactionId.random(),
                TransactionType.REVERSAL,
                List.of(posting(1, vnd(-1)), posting(2, vnd(1))),
                null,
                AT))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void idempotencyKeysAreOneTo255PrintableAsciiCharacters() {
    assertThat(IdempotencyKey.isWellFormed("a")).isTrue();
    assertThat(IdempotencyKey.isWellFormed("x".repeat(255))).isTrue();
    assertThat(IdempotencyKey.isWellFormed("order 42/retry ~ok")).isTrue();
    assertThat(IdempotencyKey.isWellFormed("")).isFalse();
    assertThat(IdempotencyKey.isWellFormed(null)).isFalse();
    assertThat(IdempotencyKey.isWellFormed("x".repeat(256))).isFalse();
    assertThat(IdempotencyKey.isWellFormed("tab\there")).isFalse();
    assertThat(IdempotencyKey.isWellFormed("đồng")).isFalse();
    assertThatThrownBy(() -> IdempotencyKey.of("")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void fingerprintsDifferWhenAnyFieldDiffers() {
    RequestFingerprint a = RequestFingerprint.of("TRANSFER", 1, 2, 100);
    assertThat(RequestFingerprint.of("TRANSFER", 1, 2, 100)).isEqualTo(a);
    assertThat(RequestFingerprint.of("TRANSFER", 1, 2, 101)).isNotEqualTo(a);
    assertThat(RequestFingerprint.of("DEPOSIT", 1, 2, 100)).isNotEqualTo(a);
    assertThat(RequestFingerprint.of("TRANSFER", 12, 100))
        .isNotEqualTo(RequestFingerprint.of("TRANSFER", 1, 2100));
    assertThat(a.sha256Hex()).hasSize(64);
  }

  @Test
  void transactionIdsParseOnlyCanonicalUuids() {
    TransactionId id = TransactionId.random();
    assertThat(TransactionId.parse(id.toString())).isEqualTo(id);
    assertThatThrownBy(() -> TransactionId.parse("not-a-uuid"))
        .isInstanceOf(dev.ewallet.ledger.domain.error.InvalidRequestException.class);
    assertThatThrownBy(() -> TransactionId.parse("1-1-1-1-1"))
        .isInstanceOf(dev.ewallet.ledger.domain.error.InvalidRequestException.class);
  }
}
