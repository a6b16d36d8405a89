package dev.ewallet.ledger.domain.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A chain that crosses from version 1 (entries posted before it committed to details) to version 2:
 * verified as written, details checked against their digest unless erased.
 */
class ChainCheckTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final AccountId WALLET = AccountId.of(42);
  private static final Instant AT = Instant.parse("2026-12-01T08:30:00Z");

  private static final TransactionDetails OLD = new TransactionDetails("old-1", "before v2", null);
  private static final TransactionDetails RENT =
      new TransactionDetails("order-42", "Rent for Anna", Map.of("flat", "12B"));

  /**
   * A version 1 entry of 100, then version 2 entries of 50 (with RENT) and 25 (with no details,
   * whose digest storage does not keep).
   */
  private static List<LedgerEntry> chain() {
    List<LedgerEntry> entries = new ArrayList<>();
    EntryHash head = EntryHash.GENESIS;
    long balance = 0;
    long[] amounts = {100, 50, 25};
    TransactionDetails[] details = {OLD, RENT, TransactionDetails.NONE};
    for (int i = 0; i < amounts.length; i++) {
      balance += amounts[i];
      TransactionId transaction = TransactionId.random();
      Instant at = AT.plusSeconds(i);
      DetailsDigest digest = i == 0 ? null : details[i].digest();
      head =
          head.next(
              transaction.value(),
              WALLET,
              Money.of(amounts[i], VND),
              Money.of(balance, VND),
              at,
              digest);
      DetailsDigest kept = details[i].isEmpty() ? null : digest;
      entries.add(entry(i + 1L, transaction, amounts[i], balance, at, details[i], head, kept));
    }
    return entries;
  }

  private static LedgerEntry entry(
      long id,
      TransactionId transaction,
      long amount,
      long balance,
      Instant at,
      TransactionDetails details,
      EntryHash hash,
      DetailsDigest digest) {
    return new LedgerEntry(
        id,
        transaction,
        TransactionType.DEPOSIT,
        WALLET,
        Money.of(amount, VND),
        Money.of(balance, VND),
        at,
        details,
        hash,
        digest,
        false);
  }

  /** The entry as storage would show it with other details, digest or erasure. */
  private static LedgerEntry with(
      LedgerEntry entry, TransactionDetails details, DetailsDigest digest, boolean erased) {
    return new LedgerEntry(
        entry.entryId(),
        entry.transactionId(),
        entry.type(),
        entry.accountId(),
        entry.amount(),
        entry.balanceAfter(),
        entry.createdAt(),
        details,
        entry.hash(),
        digest,
        erased);
  }

  private static ChainCheck check(List<LedgerEntry> entries) {
    ChainCheck check = new ChainCheck();
    entries.forEach(check::accept);
    return check;
  }

  @Test
  void aChainCrossingVersionsVerifiesAsWritten() {
    List<LedgerEntry> entries = chain();

    assertThat(check(entries).verified(EntryHash.GENESIS, entries.getLast().hash())).isTrue();
  }

  @Test
  void detailsChangedAfterVersionTwoBreakTheChainAtTheirEntry() {
    List<LedgerEntry> entries = chain();
    LedgerEntry rent = entries.get(1);
    entries.set(
        1,
        with(
            rent,
            new TransactionDetails("order-42", "Rent for Bob", RENT.metadata()),
            rent.detailsDigest(),
            false));

    assertThat(check(entries).firstBrokenEntryId(EntryHash.GENESIS)).isEqualTo(rent.entryId());
  }

  @Test
  void aDigestDroppedOrChangedBreaksTheChainAtItsEntry() {
    List<LedgerEntry> dropped = chain();
    LedgerEntry rent = dropped.get(1);
    dropped.set(1, with(rent, rent.details(), null, false));
    List<LedgerEntry> replaced = chain();
    LedgerEntry other = replaced.get(1);
    TransactionDetails forged = new TransactionDetails("order-42", "forged", null);
    replaced.set(1, with(other, forged, forged.digest(), false));

    assertThat(check(dropped).firstBrokenEntryId(EntryHash.GENESIS)).isEqualTo(rent.entryId());
    assertThat(check(replaced).firstBrokenEntryId(EntryHash.GENESIS)).isEqualTo(other.entryId());
  }

  @Test
  void erasedDetailsStillVerify() {
    List<LedgerEntry> entries = chain();
    LedgerEntry rent = entries.get(1);
    entries.set(1, with(rent, RENT.erased(), rent.detailsDigest(), true));

    assertThat(check(entries).verified(EntryHash.GENESIS, entries.getLast().hash())).isTrue();
    assertThat(entries.get(1).details().description()).isEqualTo(TransactionDetails.ERASED);
  }

  @Test
  void detailsGivenToATransactionThatHadNoneBreakTheChainAtItsEntry() {
    List<LedgerEntry> entries = chain();
    LedgerEntry plain = entries.get(2);
    entries.set(2, with(plain, new TransactionDetails(null, "added later", null), null, false));

    assertThat(check(entries).firstBrokenEntryId(EntryHash.GENESIS)).isEqualTo(plain.entryId());
  }

  @Test
  void detailsOfAVersionOneEntryAreNotCoveredByTheChain() {
    List<LedgerEntry> entries = chain();
    LedgerEntry old = entries.getFirst();
    entries.set(0, with(old, new TransactionDetails("old-1", "edited", null), null, false));

    assertThat(check(entries).verified(EntryHash.GENESIS, entries.getLast().hash())).isTrue();
  }
}
