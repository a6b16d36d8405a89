package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Instant;
import java.util.Objects;

/** A wallet's outgoing limits as they stand: per UTC day and per UTC month. */
public record OutgoingLimitsView(AccountId accountId, Window dailyOut, Window monthlyOut) {

  public OutgoingLimitsView {
    Objects.requireNonNull(accountId, "accountId");
    Objects.requireNonNull(dailyOut, "dailyOut");
    Objects.requireNonNull(monthlyOut, "monthlyOut");
  }

  /**
   * One window.
   *
   * @param limit {@code null} when the wallet has none
   * @param used what has left the wallet in the window so far
   * @param resetsAt when the next window starts
   */
  public record Window(Long limit, long used, Instant resetsAt) {

    /** What may still leave the wallet in this window; {@code null} without a limit. */
    public Long remaining() {
      return limit == null ? null : Math.max(0, limit - used);
    }
  }
}
