package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;
import java.util.Objects;

/**
 * A watch on one account's amount that fires once each time its condition becomes true: it fires
 * when a posting makes the condition hold while it did not ({@link #conditionMet} false), and arms
 * again when a later posting makes it false. It never fires for a condition that already held when
 * it was set.
 *
 * @param id assigned by storage
 * @param conditionMet whether the condition held after the account's last posting (or when the
 *     monitor was set): the edge the next posting is compared with
 * @param createdBy the principal who set it
 */
public record BalanceMonitor(
    long id,
    AccountId accountId,
    MonitorCondition condition,
    boolean conditionMet,
    long createdBy,
    Instant createdAt) {

  public BalanceMonitor {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(condition, "condition");
    Objects.requireNonNull(createdAt, "createdAt");
  }

  /** The monitor once its watched amount is {@code amount}. */
  public BalanceMonitor observe(long amount) {
    boolean met = condition.holdsAt(amount);
    return met == conditionMet
        ? this
        : new BalanceMonitor(id, accountId, condition, met, createdBy, createdAt);
  }

  /** Whether going from this state to {@code next} is the condition becoming true: it fires. */
  public boolean firesOn(BalanceMonitor next) {
    return !conditionMet && next.conditionMet;
  }
}
