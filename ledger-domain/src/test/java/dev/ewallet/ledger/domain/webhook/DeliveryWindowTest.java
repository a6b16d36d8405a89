package dev.ewallet.ledger.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DeliveryWindowTest {

  private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");

  private static WebhookDelivery delivery(long id, Instant due, String... keys) {
    return new WebhookDelivery(
        id,
        1,
        id,
        UUID.randomUUID(),
        "transaction.posted",
        List.of(keys),
        "{}",
        DeliveryStatus.PENDING,
        0,
        NOW,
        due,
        null);
  }

  @Test
  void deliveriesOfDifferentAccountsGoSideBySideAndOneAccountsWaitBehindItsOldest() {
    List<WebhookDelivery> pending =
        List.of(
            delivery(1, NOW, "A", "B"),
            delivery(2, NOW, "B"),
            delivery(3, NOW, "C"),
            delivery(4, NOW, "A", "C"),
            delivery(5, NOW, "D"));

    assertThat(DeliveryWindow.sendable(pending, NOW, 10))
        .extracting(WebhookDelivery::id)
        .containsExactly(1L, 3L, 5L);
    assertThat(DeliveryWindow.sendable(pending, NOW, 2))
        .extracting(WebhookDelivery::id)
        .containsExactly(1L, 3L);
  }

  @Test
  void aDeliveryWaitingForItsRetryStillHoldsItsAccountsLaterOnes() {
    List<WebhookDelivery> pending =
        List.of(
            delivery(1, NOW.plusSeconds(30), "A"),
            delivery(2, NOW, "A"),
            delivery(3, NOW, "B"),
            delivery(4, NOW, ""));

    assertThat(DeliveryWindow.sendable(pending, NOW, 10))
        .extracting(WebhookDelivery::id)
        .containsExactly(3L, 4L);
  }

  @Test
  void retriesBackOffExponentiallyWithJitterWithinTheirBounds() {
    RetryPolicy policy =
        new RetryPolicy(Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofDays(3));
    Random random = new Random(42);

    for (int i = 0; i < 100; i++) {
      assertThat(policy.delayAfter(1, random))
          .isBetween(Duration.ofSeconds(5), Duration.ofSeconds(10));
      assertThat(policy.delayAfter(3, random))
          .isBetween(Duration.ofSeconds(20), Duration.ofSeconds(40));
      assertThat(policy.delayAfter(50, random))
          .isBetween(Duration.ofMinutes(5), Duration.ofMinutes(10));
    }
    assertThat(policy.givesUp(NOW, NOW.plus(Duration.ofDays(3)).minusMillis(1))).isFalse();
    assertThat(policy.givesUp(NOW, NOW.plus(Duration.ofDays(3)))).isTrue();
  }
}
