package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The ledger's own splitting of hot merchants ({@code ledger.hot-accounts.*},
 * docs/hot-accounts.md).
 *
 * @param splittingEnabled whether this instance splits merchants by itself; it measures either way
 * @param postingsPerSecond a merchant row taking at least this many postings a second is hot
 * @param window whole seconds over which postings are counted
 * @param firstShards how many shards a hot merchant without any is split into
 * @param maxShards the most shards the ledger grows a merchant to (operators may pin more)
 * @param checkInterval how often the rates are looked at
 */
@ConfigurationProperties("ledger.hot-accounts")
record HotAccountProperties(
    @DefaultValue("true") boolean splittingEnabled,
    @DefaultValue("200") long postingsPerSecond,
    @DefaultValue("PT10S") Duration window,
    @DefaultValue("16") int firstShards,
    @DefaultValue("64") int maxShards,
    @DefaultValue("PT1S") Duration checkInterval) {

  HotAccountRule rule() {
    return new HotAccountRule(postingsPerSecond, window, firstShards, maxShards);
  }
}
