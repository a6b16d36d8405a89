package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Objects;

/**
 * An account whose leaf one checkpoint changed: the leaf as of the checkpoint before ({@code null}
 * for an account that checkpoint did not count) and as of this one. The entries between them are
 * those after {@code before}'s last entry, up to and including {@code after}'s.
 */
public record LeafChange(CurrencyCode currency, AccountLeaf before, AccountLeaf after) {

  public LeafChange {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(after, "after");
    if (before != null && !before.account().equals(after.account())) {
      throw new IllegalArgumentException("a change is one account's");
    }
  }

  /** The newest entry id before the change: 0 for an account counted for the first time. */
  public long entriesAfter() {
    return before == null ? 0 : before.lastEntryId();
  }
}
