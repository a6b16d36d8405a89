package dev.ewallet.ledger.domain.hotaccount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PostingRatesTest {

  private static final AccountId SHOP = AccountId.of(1);
  private static final AccountId CAFE = AccountId.of(2);
  private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

  private final PostingRates rates = new PostingRates(Duration.ofSeconds(10));

  @Test
  void aRateIsThePostingsOfTheWindowPerSecondHighestFirst() {
    for (int s = 0; s < 10; s++) {
      rates.record(Map.of(SHOP, 300, CAFE, 20), T0.plusSeconds(s).plusMillis(400));
    }

    assertThat(rates.hottest(5, T0.plusSeconds(9)))
        .containsExactly(new PostingRate(SHOP, 300), new PostingRate(CAFE, 20));
    assertThat(rates.atLeast(200, T0.plusSeconds(9))).containsExactly(new PostingRate(SHOP, 300));
  }

  @Test
  void secondsOlderThanTheWindowAreForgotten() {
    rates.record(Map.of(SHOP, 5_000), T0);
    rates.record(Map.of(SHOP, 50), T0.plusSeconds(5));

    assertThat(rates.hottest(1, T0.plusSeconds(9))).containsExactly(new PostingRate(SHOP, 505));
    assertThat(rates.hottest(1, T0.plusSeconds(10))).containsExactly(new PostingRate(SHOP, 5));
    assertThat(rates.hottest(1, T0.plusSeconds(15))).isEmpty();
  }

  @Test
  void aBatchStampedBeforeTheNewestSecondCountsInIt() {
    rates.record(Map.of(SHOP, 10), T0.plusSeconds(3));
    rates.record(Map.of(SHOP, 10), T0.plusSeconds(2));

    assertThat(rates.hottest(1, T0.plusSeconds(3))).containsExactly(new PostingRate(SHOP, 2));
  }

  @Test
  void theWindowIsWholeSeconds() {
    assertThatThrownBy(() -> new PostingRates(Duration.ofMillis(1_500)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PostingRates(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
