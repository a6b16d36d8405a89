package dev.ewallet.ledger.domain.hotaccount;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;
import java.util.Objects;

/**
 * A decision about splitting a merchant, kept append-only: the ledger's own split, with the
 * measurement that triggered it, or an operator's policy.
 *
 * @param id assigned by storage
 * @param measuredRow the row measured hot (the merchant or one of its shards); {@code null} for an
 *     operator's decision
 * @param postingsPerSecond what {@code measuredRow} took over the window; 0 for an operator's
 * @param threshold the rule's postings per second when the ledger decided; 0 for an operator's
 * @param decidedBy the operator; {@code null} when the ledger decided
 */
public record HotAccountDecision(
    long id,
    AccountId merchant,
    Action action,
    int shardsBefore,
    int shardsAfter,
    AccountId measuredRow,
    long postingsPerSecond,
    long threshold,
    Long decidedBy,
    Instant decidedAt) {

  /** What was decided. */
  public enum Action {
    /** The ledger split the merchant (or added shards) because a row of it was hot. */
    SPLIT,
    /** An operator let the ledger split it again. */
    AUTOMATIC,
    /** An operator forbade the ledger to split it. */
    FORBIDDEN,
    /** An operator set its shards and forbade the ledger to change them. */
    PINNED
  }

  public HotAccountDecision {
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(decidedAt, "decidedAt");
    if ((action == Action.SPLIT) != (decidedBy == null)
        || (action == Action.SPLIT) != (measuredRow != null)) {
      throw new IllegalArgumentException(
          action + " decided by " + decidedBy + " on a measurement of " + measuredRow);
    }
  }

  /** The ledger's split of {@code hot}'s merchant to {@code shards}, decided at {@code at}. */
  public static HotAccountDecision split(HotRow hot, int shards, long threshold, Instant at) {
    return new HotAccountDecision(
        0,
        hot.merchant(),
        Action.SPLIT,
        hot.shards(),
        shards,
        hot.row().id(),
        hot.rate().perSecond(),
        threshold,
        null,
        at);
  }

  /**
   * An operator's policy for the merchant, which has {@code before} shards and keeps {@code after}.
   */
  public static HotAccountDecision byOperator(
      AccountId merchant,
      SplittingPolicy policy,
      int before,
      int after,
      long operator,
      Instant at) {
    return new HotAccountDecision(
        0, merchant, Action.valueOf(policy.name()), before, after, null, 0, 0, operator, at);
  }
}
