package dev.ewallet.ledger.domain.journal;

import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryPositionTest {

  private static final Instant T = Instant.parse("2026-11-30T23:59:59.999999Z");

  private static LedgerEntry entry(long id, Instant at) {
    return new LedgerEntry(
        id,
        TransactionId.random(),
        TransactionType.DEPOSIT,
        AccountId.of(3),
        vnd(1),
        vnd(id),
        at,
        TransactionDetails.NONE,
        EntryHash.GENESIS,
        null,
        false);
  }

  @Test
  void historyIsNewestFirstByTimeThenById() {
    LedgerEntry lastOfNovember = entry(40, T);
    LedgerEntry sameInstantLaterId = entry(41, T);
    // A merchant's shards post independently: a smaller id may carry a later time.
    LedgerEntry firstOfDecember = entry(39, T.plusNanos(1_000));

    assertThat(
            List.of(lastOfNovember, firstOfDecember, sameInstantLaterId).stream()
                .sorted(HistoryPosition.NEWEST_FIRST)
                .toList())
        .containsExactly(firstOfDecember, sameInstantLaterId, lastOfNovember);
  }

  @Test
  void aPositionIsFollowedByOlderEntriesOnly() {
    HistoryPosition position = HistoryPosition.of(entry(41, T));

    assertThat(position.isAfter(entry(40, T))).isTrue();
    assertThat(position.isAfter(entry(99, T.minusNanos(1_000)))).isTrue();
    assertThat(position.isAfter(entry(41, T))).isFalse();
    assertThat(position.isAfter(entry(42, T))).isFalse();
    assertThat(position.isAfter(entry(1, T.plusNanos(1_000)))).isFalse();
    assertThatThrownBy(() -> new HistoryPosition(T, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
