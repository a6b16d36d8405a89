package dev.ewallet.ledger.domain.journal;

import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryFilterTest {

  private static final Instant T = Instant.parse("2026-12-02T07:00:00Z");

  private static LedgerEntry entry(TransactionType type, long amount, Instant at, String ref) {
    return new LedgerEntry(
        1,
        TransactionId.random(),
        type,
        AccountId.of(3),
        vnd(amount),
        vnd(100),
        at,
        new TransactionDetails(ref, null, Map.of()),
        EntryHash.GENESIS,
        null,
        false);
  }

  private static HistoryFilter filter(
      TransactionType type,
      EntryDirection direction,
      Instant from,
      Instant to,
      Long min,
      Long max,
      String reference) {
    return new HistoryFilter(type, direction, from, to, min, max, reference);
  }

  @Test
  void noConditionMatchesEveryEntry() {
    assertThat(HistoryFilter.NONE.isEmpty()).isTrue();
    assertThat(HistoryFilter.NONE.matches(entry(TransactionType.SWEEP, -5, T, null))).isTrue();
    assertThat(filter(TransactionType.SWEEP, null, null, null, null, null, null).isEmpty())
        .isFalse();
  }

  @Test
  void eachConditionMatchesOnItsOwnField() {
    LedgerEntry sent = entry(TransactionType.TRANSFER, -30, T, "order-1");

    assertThat(filter(TransactionType.TRANSFER, null, null, null, null, null, null).matches(sent))
        .isTrue();
    assertThat(filter(TransactionType.DEPOSIT, null, null, null, null, null, null).matches(sent))
        .isFalse();
    assertThat(filter(null, EntryDirection.OUT, null, null, null, null, null).matches(sent))
        .isTrue();
    assertThat(filter(null, EntryDirection.IN, null, null, null, null, null).matches(sent))
        .isFalse();
    assertThat(filter(null, null, null, null, 30L, 30L, null).matches(sent)).isTrue();
    assertThat(filter(null, null, null, null, 31L, null, null).matches(sent)).isFalse();
    assertThat(filter(null, null, null, null, null, 29L, null).matches(sent)).isFalse();
    assertThat(filter(null, null, null, null, null, null, "order-1").matches(sent)).isTrue();
    assertThat(filter(null, null, null, null, null, null, "order-2").matches(sent)).isFalse();
    assertThat(entry(TransactionType.TRANSFER, -30, T, null))
        .matches(e -> !filter(null, null, null, null, null, null, "order-1").matches(e));
  }

  @Test
  void aPeriodIncludesItsStartAndExcludesItsEnd() {
    HistoryFilter period = filter(null, null, T, T.plusSeconds(60), null, null, null);

    assertThat(period.matches(entry(TransactionType.DEPOSIT, 1, T, null))).isTrue();
    assertThat(period.matches(entry(TransactionType.DEPOSIT, 1, T.plusSeconds(60), null)))
        .isFalse();
    assertThat(period.matches(entry(TransactionType.DEPOSIT, 1, T.minusNanos(1000), null)))
        .isFalse();
  }

  @Test
  void aFilterThatCanMatchNothingOrIsMalformedIsRefused() {
    assertThatThrownBy(() -> filter(null, null, T, T, null, null, null))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("from must be before to");
    assertThatThrownBy(() -> filter(null, null, null, null, 0L, null, null))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("minAmount");
    assertThatThrownBy(() -> filter(null, null, null, null, null, -1L, null))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("maxAmount");
    assertThatThrownBy(() -> filter(null, null, null, null, 10L, 9L, null))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("minAmount must not be above maxAmount");
    assertThatThrownBy(() -> filter(null, null, null, null, null, null, "r".repeat(129)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("reference");
  }
}
