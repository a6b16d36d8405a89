package dev.ewallet.ledger.events.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A wallet's chain followed through its events: in order, from a start, broken, unhashed. */
class ChainFollowerTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final long WALLET = 42;
  private static final long CLEARING = 1;

  /** An event moving {@code amount} into the wallet, hashed on from {@code previous}. */
  private static LedgerEventRecord event(EntryHash previous, long amount, long balanceAfter) {
    UUID transaction = UUID.randomUUID();
    Instant at = Instant.parse("2026-12-01T08:30:00.123456Z").plusSeconds(balanceAfter);
    EntryHash hash =
        previous.next(
            transaction,
            AccountId.of(WALLET),
            Money.of(amount, VND),
            Money.of(balanceAfter, VND),
            at);
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
        String.valueOf(WALLET));
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
            String.valueOf(WALLET));

    assertThat(new ChainFollower().accept(old, WALLET)).isEqualTo(ChainFollower.Link.UNHASHED);
  }
}
