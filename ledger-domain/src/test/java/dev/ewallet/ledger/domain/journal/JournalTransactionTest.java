package dev.ewallet.ledger.domain.journal;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.VND;
import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccountFrozenException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.NotReversibleException;
import dev.ewallet.ledger.domain.error.RefundExceedsOriginalException;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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

  private static Account wallet(long id, long balance) {
    return new Account(AccountId.of(id), UserId.of(id), VND, AccountKind.USER, vnd(balance), AT);
  }

  private static Account merchant(long id, long balance) {
    return new Account(AccountId.of(id), UserId.of(9), VND, AccountKind.MERCHANT, vnd(balance), AT);
  }

  private static Account shard(long id, long merchantId, long balance) {
    return new Account(
        AccountId.of(id),
        UserId.of(9),
        VND,
        AccountKind.MERCHANT_SHARD,
        vnd(balance),
        AT,
        AccountId.of(merchantId),
        null,
        EntryHash.GENESIS,
        AccountStatus.ACTIVE);
  }

  private static Map<AccountId, Account> locked(Account... accounts) {
    Map<AccountId, Account> locked = new HashMap<>();
    for (Account account : accounts) {
      locked.put(account.id(), account);
    }
    return locked;
  }

  @Test
  void aFrozenAccountRefusesTheChangesItsStatusStopsInTheTypesAFreezeStops() {
    Account debitsFrozen = wallet(1, 1_000).withStatus(AccountStatus.FROZEN_DEBITS);
    Account allFrozen = wallet(2, 1_000).withStatus(AccountStatus.FROZEN_ALL);
    JournalTransaction transfer = transfer(List.of(posting(1, vnd(-100)), posting(2, vnd(100))));
    JournalTransaction back = transfer(List.of(posting(2, vnd(-100)), posting(1, vnd(100))));

    assertThatThrownBy(() -> transfer.balanceAfter(debitsFrozen, transfer.postings().get(0)))
        .isInstanceOf(AccountFrozenException.class)
        .hasMessage("account 1 is FROZEN_DEBITS");
    assertThatThrownBy(() -> transfer.balanceAfter(allFrozen, transfer.postings().get(1)))
        .isInstanceOf(AccountFrozenException.class);
    assertThat(back.balanceAfter(debitsFrozen, back.postings().get(1))).isEqualTo(vnd(1_100));

    // A reversal undoes a movement: a freeze does not stop it, in either direction.
    JournalTransaction reversal =
        transfer.reverse(TransactionId.random(), AT, locked(wallet(1, 1_000), wallet(2, 1_000)));
    assertThat(reversal.balanceAfter(allFrozen, reversal.postings().get(1))).isEqualTo(vnd(900));
    assertThat(
            reversal.balanceAfter(
                debitsFrozen.withStatus(AccountStatus.FROZEN_ALL), reversal.postings().get(0)))
        .isEqualTo(vnd(1_100));
  }

  @Test
  void onlyTheTypesThatMoveMoneyAnewAreStoppedByAFreeze() {
    assertThat(Arrays.stream(TransactionType.values()).filter(TransactionType::movesMoneyAnew))
        .containsExactlyInAnyOrder(
            TransactionType.DEPOSIT,
            TransactionType.TRANSFER,
            TransactionType.WITHDRAWAL,
            TransactionType.HOLD,
            TransactionType.HOLD_CAPTURE,
            TransactionType.POSTING);
  }

  @Test
  void aPostingIsAppliedOnlyToItsOwnAccount() {
    JournalTransaction transfer = transfer(List.of(posting(1, vnd(-100)), posting(2, vnd(100))));
    assertThatThrownBy(() -> transfer.balanceAfter(wallet(2, 0), transfer.postings().get(0)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void refundsPayATransferBackInPartsUpToItsAmountAndLinkIt() {
    JournalTransaction payment = transfer(List.of(posting(1, vnd(-1_000)), posting(2, vnd(1_000))));
    Map<AccountId, Account> locked = locked(wallet(1, 0), wallet(2, 1_000));

    JournalTransaction refund = payment.refund(TransactionId.random(), 400, 500, AT, locked);

    assertThat(refund.type()).isEqualTo(TransactionType.REFUND);
    assertThat(refund.refundOf()).contains(payment.id());
    assertThat(refund.reversalOf()).isEmpty();
    assertThat(refund.postings()).containsExactly(posting(2, vnd(-400)), posting(1, vnd(400)));
    assertThat(payment.refund(TransactionId.random(), 100, 900, AT, locked).postings())
        .containsExactly(posting(2, vnd(-100)), posting(1, vnd(100)));
    assertThatThrownBy(() -> payment.refund(TransactionId.random(), 101, 900, AT, locked))
        .isInstanceOf(RefundExceedsOriginalException.class)
        .hasMessageContaining("at most 100 more");
    assertThat(payment.refundableMinor(0)).isEqualTo(1_000);
    assertThat(payment.refundableMinor(900)).isEqualTo(100);
    assertThat(payment.refundableMinor(1_000)).isZero();
  }

  @Test
  void aRefundTakesAShardsMoneyFromItsMerchantAfterASweepAndOnlyTransfersAreRefunded() {
    JournalTransaction payment = transfer(List.of(posting(1, vnd(-500)), posting(3, vnd(500))));

    JournalTransaction refund =
        payment.refund(
            TransactionId.random(),
            300,
            0,
            AT,
            locked(wallet(1, 0), merchant(2, 380), shard(3, 2, 120)));

    assertThat(refund.postings())
        .containsExactly(posting(3, vnd(-120)), posting(2, vnd(-180)), posting(1, vnd(300)));
    JournalTransaction deposit =
        JournalTransaction.create(
            TransactionId.random(),
            TransactionType.DEPOSIT,
            List.of(posting(9, vnd(-500)), posting(1, vnd(500))),
            AT);
    assertThatThrownBy(() -> deposit.refund(TransactionId.random(), 1, 0, AT, locked()))
        .isInstanceOf(InvalidRequestException.class);
    assertThat(deposit.refundableMinor(0)).isZero();
    assertThatThrownBy(() ->
            JournalTransaction.create(
                TransactionId.random(),
                TransactionType.REFUND,
                List.of(posting(1, vnd(-1)), posting(2, vnd(1))),
                AT))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aReversalNegatesEveryPostingAndLinksTheOriginal() {
    JournalTransaction original = transfer(List.of(posting(1, vnd(-300)), posting(2, vnd(300))));
    TransactionId reversalId = TransactionId.random();

    JournalTransaction reversal =
        original.reverse(reversalId, AT.plusSeconds(1), locked(wallet(1, 0), wallet(2, 300)));

    assertThat(reversal.id()).isEqualTo(reversalId);
    assertThat(reversal.type()).isEqualTo(TransactionType.REVERSAL);
    assertThat(reversal.reversalOf()).contains(original.id());
    assertThat(reversal.postings()).containsExactly(posting(1, vnd(300)), posting(2, vnd(-300)));
  }

  @Test
  void onlyPaymentsBetweenPartiesAreReversible() {
    Set<TransactionType> reversible =
        Arrays.stream(TransactionType.values())
            .filter(TransactionType::isReversible)
            .collect(Collectors.toSet());
    assertThat(reversible)
        .containsExactlyInAnyOrder(
            TransactionType.DEPOSIT, TransactionType.TRANSFER, TransactionType.POSTING);
    for (TransactionType type : TransactionType.values()) {
      if (type.isReversible() || type.linksOriginal()) {
        continue;
      }
      JournalTransaction original =
          JournalTransaction.create(
              TransactionId.random(), type, List.of(posting(1, vnd(-5)), posting(2, vnd(5))), AT);
      assertThatThrownBy(() ->
              original.reverse(TransactionId.random(), AT, locked(wallet(1, 0), wallet(2, 5))))
          .as(type.name())
          .isInstanceOf(NotReversibleException.class)
          .hasMessageContaining(type.name());
    }
  }

  @Test
  void aReversalIsNotReversibleItself() {
    JournalTransaction original = transfer(List.of(posting(1, vnd(-300)), posting(2, vnd(300))));
    JournalTransaction reversal =
        original.reverse(TransactionId.random(), AT, locked(wallet(1, 0), wallet(2, 300)));

    assertThatThrownBy(() ->
            reversal.reverse(TransactionId.random(), AT, locked(wallet(1, 300), wallet(2, 0))))
        .isInstanceOf(NotReversibleException.class);
  }

  @Test
  void aPaymentToAShardIsReversedFromTheShardWhileItHoldsTheAmount() {
    JournalTransaction payment = transfer(List.of(posting(1, vnd(-300)), posting(3, vnd(300))));

    JournalTransaction reversal =
        payment.reverse(
            TransactionId.random(), AT, locked(wallet(1, 0), merchant(2, 0), shard(3, 2, 300)));

    assertThat(reversal.postings()).containsExactly(posting(1, vnd(300)), posting(3, vnd(-300)));
  }

  @Test
  void aPaymentToASweptShardIsReversedFromTheMerchant() {
    JournalTransaction payment = transfer(List.of(posting(1, vnd(-300)), posting(3, vnd(300))));

    JournalTransaction reversal =
        payment.reverse(
            TransactionId.random(), AT, locked(wallet(1, 0), merchant(2, 300), shard(3, 2, 0)));

    assertThat(reversal.postings()).containsExactly(posting(1, vnd(300)), posting(2, vnd(-300)));
  }

  @Test
  void aShardHoldingPartOfThePaymentPaysThatPartAndTheMerchantTheRest() {
    JournalTransaction payment = transfer(List.of(posting(1, vnd(-300)), posting(3, vnd(300))));

    JournalTransaction reversal =
        payment.reverse(
            TransactionId.random(), AT, locked(wallet(1, 0), merchant(2, 500), shard(3, 2, 120)));

    assertThat(reversal.postings())
        .containsExactly(posting(1, vnd(300)), posting(3, vnd(-120)), posting(2, vnd(-180)));
  }

  @Test
  void aReversalNeedsEveryAccountItTouchesLocked() {
    JournalTransaction payment = transfer(List.of(posting(1, vnd(-300)), posting(3, vnd(300))));

    assertThatThrownBy(
            () -> payment.reverse(TransactionId.random(), AT, locked(wallet(1, 0), shard(3, 2, 0))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not locked");
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
