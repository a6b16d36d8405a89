package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.hotaccount.PostingRate;
import java.util.List;
import java.util.Objects;

/**
 * What operators see of hot accounts: the rule, the hottest merchant rows this instance measures
 * now, and a page of decisions, newest first.
 */
public record HotAccounts(
    HotAccountRule rule, List<PostingRate> hottest, List<HotAccountDecision> decisions) {

  public HotAccounts {
    Objects.requireNonNull(rule, "rule");
    hottest = List.copyOf(hottest);
    decisions = List.copyOf(decisions);
  }
}
