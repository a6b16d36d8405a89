package dev.ewallet.ledger.domain.monitor;

import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MonitorWatchTest {

  private static final AccountId WALLET = AccountId.of(7);
  private static final AccountId OTHER = AccountId.of(8);
  private static final Instant AT = Instant.parse("2026-12-07T10:00:00Z");

  private static BalanceMonitor monitor(long id, MonitorOperator operator, long value, long now) {
    return monitor(id, MonitorField.BALANCE, operator, value, now);
  }

  private static BalanceMonitor monitor(
      long id, MonitorField field, MonitorOperator operator, long value, long now) {
    MonitorCondition condition = new MonitorCondition(field, operator, value);
    return new BalanceMonitor(id, WALLET, condition, condition.holdsAt(now), 1, AT);
  }

  private static Map<AccountId, AmountsBesideBalance> amounts(long held, long pendingIn) {
    return Map.of(WALLET, new AmountsBesideBalance(vnd(held), vnd(pendingIn)));
  }

  private static BalanceChange change(AccountId account, long amount, long after) {
    return new BalanceChange(account, vnd(amount), vnd(after), EntryHash.GENESIS);
  }

  /** Each balance the wallet passes through, one posting each. */
  private static List<MonitorTriggered> walk(MonitorWatch watch, long start, long... balances) {
    long before = start;
    for (long after : balances) {
      watch.observe(
          TransactionId.random(),
          List.of(change(WALLET, after - before, after)),
          List.of(),
          AT,
          TraceContext.NONE);
      before = after;
    }
    return watch.fired();
  }

  @Test
  void aMonitorFiresOnEachRisingEdgeOnly() {
    MonitorWatch watch =
        new MonitorWatch(List.of(monitor(1, MonitorOperator.LESS_THAN, 1000, 5000)), Map.of());

    List<MonitorTriggered> fired = walk(watch, 5000, 900, 800, 1200, 700);

    assertThat(fired).hasSize(2);
    assertThat(fired.get(0).before()).isEqualTo(vnd(5000));
    assertThat(fired.get(0).after()).isEqualTo(vnd(900));
    assertThat(fired.get(1).before()).isEqualTo(vnd(1200));
    assertThat(fired.get(1).after()).isEqualTo(vnd(700));
    assertThat(watch.changed()).singleElement().matches(BalanceMonitor::conditionMet);
  }

  @Test
  void aConditionThatHeldWhenSetDoesNotFireUntilItWasFalse() {
    MonitorWatch watch =
        new MonitorWatch(List.of(monitor(1, MonitorOperator.LESS_THAN, 1000, 500)), Map.of());

    assertThat(walk(watch, 500, 400, 300)).isEmpty();
    assertThat(walk(watch, 300, 2000, 999)).hasSize(1);
  }

  @Test
  void everyOperatorComparesAsWritten() {
    assertThat(MonitorOperator.LESS_THAN.holds(999, 1000)).isTrue();
    assertThat(MonitorOperator.LESS_THAN.holds(1000, 1000)).isFalse();
    assertThat(MonitorOperator.AT_MOST.holds(1000, 1000)).isTrue();
    assertThat(MonitorOperator.GREATER_THAN.holds(1000, 1000)).isFalse();
    assertThat(MonitorOperator.AT_LEAST.holds(1000, 1000)).isTrue();
    assertThat(MonitorOperator.EQUAL_TO.holds(0, 0)).isTrue();
    assertThat(MonitorOperator.fromSymbol(">=")).isEqualTo(MonitorOperator.AT_LEAST);
  }

  @Test
  void aPostingWithTwoLegsOnTheAccountIsOneObservationOfWhereItLeftTheBalance() {
    MonitorWatch watch =
        new MonitorWatch(List.of(monitor(1, MonitorOperator.LESS_THAN, 1000, 1500)), Map.of());

    // 1500 - 1000 = 500 (below), then a fee leg - 10 = 490: one posting, one event.
    watch.observe(
        TransactionId.random(),
        List.of(change(WALLET, -1000, 500), change(OTHER, 1000, 1000), change(WALLET, -10, 490)),
        List.of(),
        AT,
        TraceContext.NONE);

    assertThat(watch.fired())
        .singleElement()
        .satisfies(e -> {
          assertThat(e.before()).isEqualTo(vnd(1500));
          assertThat(e.after()).isEqualTo(vnd(490));
        });
  }

  @Test
  void aPostingThatDipsAndComesBackWithinItselfDoesNotFire() {
    MonitorWatch watch =
        new MonitorWatch(List.of(monitor(1, MonitorOperator.LESS_THAN, 1000, 1500)), Map.of());

    watch.observe(
        TransactionId.random(),
        List.of(change(WALLET, -1000, 500), change(WALLET, 1000, 1500)),
        List.of(),
        AT,
        TraceContext.NONE);

    assertThat(watch.fired()).isEmpty();
    assertThat(watch.changed()).isEmpty();
  }

  @Test
  void severalMonitorsOfOneAccountEachKeepTheirOwnEdge() {
    BalanceMonitor low = monitor(1, MonitorOperator.LESS_THAN, 1000, 5000);
    BalanceMonitor high = monitor(2, MonitorOperator.GREATER_THAN, 4000, 5000);
    MonitorWatch watch = new MonitorWatch(List.of(low, high), Map.of());

    List<MonitorTriggered> fired = new ArrayList<>(walk(watch, 5000, 500, 4500));

    assertThat(fired).extracting(e -> e.monitor().id()).containsExactly(1L, 2L);
    assertThat(watch.changed())
        .extracting(BalanceMonitor::conditionMet)
        .containsExactly(false, true);
  }

  @Test
  void accountsWithoutMonitorsAreNotLookedAt() {
    MonitorWatch watch = new MonitorWatch(List.of(), Map.of());

    watch.observe(
        TransactionId.random(), List.of(change(OTHER, -5, 0)), List.of(), AT, TraceContext.NONE);

    assertThat(watch.isEmpty()).isTrue();
    assertThat(watch.fired()).isEmpty();
  }

  @Test
  void aHeldAmountMonitorFollowsTheRowsEachPostingPlacesAndSettles() {
    BalanceMonitor held = monitor(1, MonitorField.HELD_AMOUNT, MonitorOperator.AT_LEAST, 500, 0);
    BalanceMonitor balance = monitor(2, MonitorOperator.LESS_THAN, 100, 1000);
    MonitorWatch watch = new MonitorWatch(List.of(held, balance), amounts(200, 0));
    TransactionId placing = TransactionId.random();

    // A hold of 400 leaves the balance at 600 and raises heldAmount to 600: only heldAmount fires.
    watch.observe(
        placing,
        List.of(change(WALLET, -400, 600), change(OTHER, 400, 400)),
        List.of(new AmountChange(WALLET, MonitorField.HELD_AMOUNT, vnd(400))),
        AT,
        TraceContext.NONE);
    // Its capture: heldAmount back to 200, the balance unchanged.
    watch.observe(
        TransactionId.random(),
        List.of(change(OTHER, -400, 0)),
        List.of(new AmountChange(WALLET, MonitorField.HELD_AMOUNT, vnd(-400))),
        AT,
        TraceContext.NONE);

    assertThat(watch.fired())
        .singleElement()
        .satisfies(e -> {
          assertThat(e.monitor().id()).isEqualTo(1);
          assertThat(e.transactionId()).isEqualTo(placing);
          assertThat(e.pendingDepositId()).isNull();
          assertThat(e.before()).isEqualTo(vnd(200));
          assertThat(e.after()).isEqualTo(vnd(600));
        });
    assertThat(watch.changed()).singleElement().matches(m -> !m.conditionMet());
  }

  @Test
  void aPendingInMonitorFiresOnAnAnnouncementThatPostsNothing() {
    MonitorWatch watch =
        new MonitorWatch(
            List.of(monitor(1, MonitorField.PENDING_IN, MonitorOperator.GREATER_THAN, 0, 0)),
            amounts(0, 0));
    TransactionId announced = TransactionId.random();

    watch.observeWithoutPosting(
        announced,
        new AmountChange(WALLET, MonitorField.PENDING_IN, vnd(3000)),
        AT,
        TraceContext.NONE);

    assertThat(watch.fired())
        .singleElement()
        .satisfies(e -> {
          assertThat(e.transactionId()).isNull();
          assertThat(e.pendingDepositId()).isEqualTo(announced);
          assertThat(e.after()).isEqualTo(vnd(3000));
        });
  }

  @Test
  void anAmountNobodyWatchesIsNotFollowed() {
    MonitorWatch watch =
        new MonitorWatch(List.of(monitor(1, MonitorOperator.LESS_THAN, 1000, 5000)), Map.of());

    watch.observe(
        TransactionId.random(),
        List.of(),
        List.of(new AmountChange(WALLET, MonitorField.HELD_AMOUNT, vnd(400))),
        AT,
        TraceContext.NONE);

    assertThat(watch.fired()).isEmpty();
    assertThat(watch.changed()).isEmpty();
  }

  @Test
  void aWatchOnAnAmountBesideTheBalanceNeedsThatAmountRead() {
    BalanceMonitor held = monitor(1, MonitorField.HELD_AMOUNT, MonitorOperator.AT_LEAST, 500, 0);

    assertThat(MonitorWatch.watchingBesideBalance(List.of(held))).containsExactly(WALLET);
    assertThatThrownBy(() -> new MonitorWatch(List.of(held), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("heldAmount");
  }
}
