package dev.ewallet.ledger.events.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A wallet's chain followed through its events: in order, from a start, broken, unhashed. */
class ChainFollowerTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final long WALLET = 42;
  private static final long CLEARING = 1;

  /**
   * An event moving {@code amount} into the wallet, hashed on from {@code previous} (version 1).
   */
  private static LedgerEventRecord event(EntryHash previous, long amount, long balanceAfter) {
    return event(previous, amount, balanceAfter, null);
  }

  /**
   * An event moving {@code amount} into the wallet, hashed on from {@code previous} with the
   * details digest when there is one (version 2).
   */
  private static LedgerEventRecord event(
      EntryHash previous, long amount, long balanceAfter, DetailsDigest digest) {
    UUID transaction = UUID.randomUUID();
    Instant at = Instant.parse("2026-12-01T08:30:00.123456Z").plusSeconds(balanceAfter);
    EntryHash hash =
        previous.next(
            transaction,
            AccountId.of(WALLET),
            Money.of(amount, VND),
            Money.of(balanceAfter, VND),
            at,
            digest);
    return new LedgerEventRecord(
        1,
        UUID.randomUUID(),
        transaction,
        "DEPOSIT",
        null,
        at,
        "VND",
        List.of(
            new LedgerEventRecord.Entry(CLEARING, -amount, -balanceAfter, EntryHash.GENESIS.hex()),
            new LedgerEventRecord.Entry(WALLET, amount, balanceAfter, hash.hex())),
        String.valueOf(WALLET),
        digest == null ? null : digest.hex());
  }

  private static EntryHash hashOf(LedgerEventRecord event) {
    return new EntryHash(event.entries().get(1).hash());
  }

  @Test
  void aChainFollowedFromItsStartFollowsEntryByEntry() {
    ChainFollower follower = new ChainFollower();
    follower.startFrom(WALLET, EntryHash.GENESIS);
    LedgerEventRecord first = event(EntryHash.GENESIS, 100, 100);
    LedgerEventRecord second = event(hashOf(first), 50, 150);

    assertThat(follower.accept(first, WALLET)).isEqualTo(ChainFollower.Link.FOLLOWS);
    assertThat(follower.accept(second, WALLET)).isEqualTo(ChainFollower.Link.FOLLOWS);
    assertThat(follower.end(WALLET)).contains(hashOf(second));
  }

  @Test
  void anAccountNotStartedIsTakenFromItsFirstEventAndABrokenLinkIsReportedOnce() {
    ChainFollower follower = new ChainFollower();
    LedgerEventRecord first = event(EntryHash.GENESIS, 100, 100);
    LedgerEventRecord forged = event(EntryHash.GENESIS, 70, 170);
    LedgerEventRecord after = event(hashOf(forged), 30, 200);

    assertThat(follower.accept(first, WALLET)).isEqualTo(ChainFollower.Link.FIRST_SEEN);
    assertThat(follower.accept(forged, WALLET)).isEqualTo(ChainFollower.Link.BROKEN);
    assertThat(follower.accept(after, WALLET)).isEqualTo(ChainFollower.Link.FOLLOWS);
  }

  @Test
  void aVersionTwoLinkFollowsWithTheDigestItCarriesAndBreaksWithoutIt() {
    DetailsDigest digest = new TransactionDetails("order-7", "rent", Map.of()).digest();
    ChainFollower follower = new ChainFollower();
    follower.startFrom(WALLET, EntryHash.GENESIS);
    LedgerEventRecord older = event(EntryHash.GENESIS, 100, 100);
    LedgerEventRecord newer = event(hashOf(older), 50, 150, digest);
    LedgerEventRecord stripped =
        new LedgerEventRecord(
            newer.schemaVersion(),
            newer.eventId(),
            newer.transactionId(),
            newer.type(),
            null,
            newer.occurredAt(),
            newer.currency(),
            newer.entries(),
            newer.key(),
            null);

    assertThat(follower.accept(older, WALLET)).isEqualTo(ChainFollower.Link.FOLLOWS);
    ChainFollower second = new ChainFollower();
    second.startFrom(WALLET, hashOf(older));
    assertThat(second.accept(stripped, WALLET)).isEqualTo(ChainFollower.Link.BROKEN);
    assertThat(follower.accept(newer, WALLET)).isEqualTo(ChainFollower.Link.FOLLOWS);
  }

  @Test
  void anEventFromBeforeTheChainIsUnhashed() {
    LedgerEventRecord old =
        new LedgerEventRecord(
            1,
            UUID.randomUUID(),
            UUID.randomUUID(),
            "DEPOSIT",
            null,
            Instant.EPOCH,
            "VND",
            List.of(
                new LedgerEventRecord.Entry(CLEARING, -5, -5, null),
                new LedgerEventRecord.Entry(WALLET, 5, 5, null)),
            String.valueOf(WALLET),
            null);

    assertThat(new ChainFollower().accept(old, WALLET)).isEqualTo(ChainFollower.Link.UNHASHED);
  }
}
