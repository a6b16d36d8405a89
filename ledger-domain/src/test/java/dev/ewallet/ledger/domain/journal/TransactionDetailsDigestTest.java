package dev.ewallet.ledger.domain.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The details digest and the chain's version 2, against the vectors docs/statements.md works. */
class TransactionDetailsDigestTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");

  private static final TransactionDetails RENT =
      new TransactionDetails("order-42", "Rent", Map.of("room", "12", "floor", "3"));

  @Test
  void theDigestIsTheDocumentedOne() {
    assertThat(RENT.digest().hex())
        .isEqualTo("d0d7490b4d7e6701ca6ffe1a35fe567b188ac52594caf13608857bebb2ad55ba");
    assertThat(TransactionDetails.NONE.digest()).isEqualTo(DetailsDigest.NO_DETAILS);
    assertThat(new TransactionDetails(null, "", null).digest()).isEqualTo(DetailsDigest.NO_DETAILS);
    // The constant is the digest of the six bytes of no details, computed, not only declared.
    assertThat(DetailsDigest.ofCanonical(new byte[] {0, 0, 0, 0, 0, 0}))
        .isEqualTo(DetailsDigest.NO_DETAILS);
  }

  @Test
  void theDigestIgnoresTheOrderMetadataWasGivenInAndTellsEveryFieldApart() {
    Map<String, String> reversed = new LinkedHashMap<>();
    reversed.put("room", "12");
    reversed.put("floor", "3");
    assertThat(new TransactionDetails("order-42", "Rent", reversed).digest())
        .isEqualTo(RENT.digest());

    assertThat(new TransactionDetails("order-43", "Rent", RENT.metadata()).digest())
        .isNotEqualTo(RENT.digest());
    assertThat(new TransactionDetails("order-42", "Rent!", RENT.metadata()).digest())
        .isNotEqualTo(RENT.digest());
    assertThat(new TransactionDetails("order-42", "Rent", Map.of("room", "12")).digest())
        .isNotEqualTo(RENT.digest());
    // Lengths keep fields apart: moving text from one field to the next changes the digest.
    assertThat(new TransactionDetails("order-4", "2Rent", RENT.metadata()).digest())
        .isNotEqualTo(RENT.digest());
    assertThat(new TransactionDetails(null, "Rent", RENT.metadata()).digest())
        .isNotEqualTo(new TransactionDetails("Rent", null, RENT.metadata()).digest());
  }

  @Test
  void erasingKeepsTheReferenceAndTheKeysAndNothingElse() {
    TransactionDetails erased = RENT.erased();

    assertThat(erased.reference()).isEqualTo("order-42");
    assertThat(erased.description()).isEqualTo(TransactionDetails.ERASED);
    assertThat(erased.metadata())
        .containsExactly(Map.entry("floor", "[erased]"), Map.entry("room", "[erased]"));
    assertThat(TransactionDetails.NONE.erased()).isEqualTo(TransactionDetails.NONE);
  }

  @Test
  void aVersionTwoLinkAppendsTheDigestToVersionOnesBytes() {
    EntryHash previous =
        new EntryHash("5dbecd21d6fe8362ce2de8beb7cd66595a69316d71e0cc3df3edb524829a0149");
    UUID transaction = UUID.fromString("a7e0c5d2-1f93-4b8e-8d62-5c4f0e9b3a17");
    Instant at = Instant.parse("2026-12-01T09:05:10Z");
    Money amount = Money.of(-40_000, VND);
    Money after = Money.of(210_000, VND);

    assertThat(previous.next(transaction, AccountId.of(42), amount, after, at).hex())
        .isEqualTo("c299523b9bf007dc31f132371ab9ab79577188884606a4404f1f2f96f6eb8c8a");
    assertThat(previous.next(transaction, AccountId.of(42), amount, after, at, null).hex())
        .isEqualTo("c299523b9bf007dc31f132371ab9ab79577188884606a4404f1f2f96f6eb8c8a");
    assertThat(previous.next(transaction, AccountId.of(42), amount, after, at, RENT.digest()).hex())
        .isEqualTo("e355fd460968b000c65bf0c33376dd8230a6ed4300f3b99c2c07761b759a7efc");
  }

  @Test
  void aDigestIsSixtyFourLowerCaseHexDigits() {
    DetailsDigest digest = RENT.digest();
    assertThat(DetailsDigest.of(digest.bytes())).isEqualTo(digest);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new DetailsDigest("D0"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
