package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import java.util.Objects;

/**
 * An account's hash chain, recomputed from its entries.
 *
 * @param entries how many retained entries were checked
 * @param verified every entry's hash follows from the one before and its fields, and the chain ends
 *     at the hash the account row holds
 * @param firstBrokenEntryId the first entry whose hash does not follow, or {@code null}
 */
public record ChainVerification(
    AccountId accountId, long entries, boolean verified, Long firstBrokenEntryId) {

  public ChainVerification {
    Objects.requireNonNull(accountId, "accountId");
  }
}
