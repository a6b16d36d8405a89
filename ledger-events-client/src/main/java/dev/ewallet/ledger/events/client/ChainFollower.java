package dev.ewallet.ledger.events.client;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Verifies wallets' hash chains as their events arrive (docs/statements.md): each entry's hash must
 * be the link of the wallet's previous hash and the entry's fields, computed with the ledger's own
 * {@link EntryHash}. Feed it each account stream's events in order, after deduplication; one hash
 * is kept per account followed. A chain is followed from a known point: {@link #startFrom} with a
 * statement's {@code closingHash} (or {@link EntryHash#GENESIS} for a wallet seen from its first
 * entry); an account never started is taken as it comes, from its first event seen. Not
 * thread-safe: one per consuming thread, as the consumer is.
 */
public final class ChainFollower {

  /** What an event says of an account's chain. */
  public enum Link {
    /** The entry's hash follows from the account's previous one. */
    FOLLOWS,
    /** The first entry seen of an account not started: taken as the chain's point from now on. */
    FIRST_SEEN,
    /** The hash does not follow: an entry was changed, lost or reordered upstream. */
    BROKEN,
    /** The event carries no hash (published before the chain existed). */
    UNHASHED
  }

  private final Map<Long, EntryHash> ends = new HashMap<>();

  /** Follows the account's chain from a hash known to be right, such as a statement's. */
  public void startFrom(long accountId, EntryHash hash) {
    ends.put(accountId, hash);
  }

  /** Where the account's chain stands, as far as its events have shown it. */
  public Optional<EntryHash> end(long accountId) {
    return Optional.ofNullable(ends.get(accountId));
  }

  /**
   * Checks the account's entry of an event of its stream (the record key's account) and moves its
   * chain on. A broken link still moves it on, to the hash the event carries, so one fault is
   * reported once.
   *
   * @throws IllegalArgumentException when the event has no entry of the account
   */
  public Link accept(LedgerEventRecord event, long accountId) {
    LedgerEventRecord.Entry entry =
        event.entries().stream()
            .filter(e -> e.accountId() == accountId)
            .findFirst()
            .orElseThrow(() ->
                new IllegalArgumentException(
                    "event " + event.eventId() + " has no entry of account " + accountId));
    if (entry.hash() == null) {
      return Link.UNHASHED;
    }
    EntryHash carried = new EntryHash(entry.hash());
    EntryHash previous = ends.put(accountId, carried);
    if (previous == null) {
      return Link.FIRST_SEEN;
    }
    CurrencyCode currency = CurrencyCode.of(event.currency());
    EntryHash expected =
        previous.next(
            event.transactionId(),
            AccountId.of(accountId),
            Money.of(entry.amount(), currency),
            Money.of(entry.balanceAfter(), currency),
            event.occurredAt(),
            event.detailsDigest() == null ? null : new DetailsDigest(event.detailsDigest()));
    return expected.equals(carried) ? Link.FOLLOWS : Link.BROKEN;
  }
}
