package dev.ewallet.ledger.domain.hotaccount;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.Objects;

/** How many postings one account row took per second, averaged over the measuring window. */
public record PostingRate(AccountId accountId, long perSecond) {

  public PostingRate {
    Objects.requireNonNull(accountId, "accountId");
    if (perSecond < 0) {
      throw new IllegalArgumentException("a rate of " + perSecond);
    }
  }
}
