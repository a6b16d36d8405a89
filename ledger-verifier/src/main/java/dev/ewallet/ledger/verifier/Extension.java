package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.checkpoint.AccountLeaf;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CurrencyTotals;
import dev.ewallet.ledger.domain.checkpoint.LeafChange;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The check of {@link LedgerVerifier#extension}, line by line: one account's entries at a time in
 * memory, whatever the export's length.
 */
final class Extension {

  private final Checkpoint checkpoint;
  private final Checkpoint previous;
  private final Map<CurrencyCode, Long> moved = new HashMap<>();
  private boolean started;
  private long accounts;
  private long entries;
  private LeafChange change;
  private ChainWalk walk;
  private long lastEntry;

  Extension(SignedCheckpoint checkpoint, SignedCheckpoint previous) {
    this.checkpoint = checkpoint.checkpoint();
    this.previous = previous == null ? null : previous.checkpoint();
  }

  /** The first divergence this line shows, if any. */
  Optional<String> accept(ChangeLine line) {
    return switch (line) {
      case ChangeLine.Start start -> start(start);
      case ChangeLine.Account account -> account(account.change());
      case ChangeLine.Entry entry -> entry(entry);
    };
  }

  private Optional<String> start(ChangeLine.Start start) {
    if (started) {
      return Optional.of("a second start line");
    }
    started = true;
    if (!start.checkpoint().equals(checkpoint.id())) {
      return Optional.of(
          "the changes are checkpoint " + start.checkpoint() + "'s, not " + checkpoint.id() + "'s");
    }
    Object before = previous == null ? null : previous.id();
    if (start.previous() == null ? before != null : !start.previous().equals(before)) {
      return Optional.of("the changes follow checkpoint " + start.previous() + ", not " + before);
    }
    return Optional.empty();
  }

  private Optional<String> account(LeafChange next) {
    if (!started) {
      return Optional.of("the changes do not start with their checkpoint");
    }
    Optional<String> unfinished = finish();
    if (unfinished.isPresent()) {
      return unfinished;
    }
    if (change != null && next.after().account().compareTo(change.after().account()) <= 0) {
      return Optional.of(
          "account " + next.after().account() + " is not after " + change.after().account());
    }
    change = next;
    accounts++;
    AccountLeaf before = next.before();
    long balance = before == null ? 0 : before.balanceMinor();
    walk =
        new ChainWalk(
            next.after().account(),
            next.currency(),
            before == null ? EntryHash.GENESIS : before.chainHead(),
            balance);
    lastEntry = next.entriesAfter();
    try {
      moved.merge(
          next.currency(),
          Math.subtractExact(next.after().balanceMinor(), balance),
          Math::addExact);
    } catch (ArithmeticException overflow) {
      return Optional.of("the changes of " + next.currency().value() + " overflow");
    }
    return Optional.empty();
  }

  private Optional<String> entry(ChangeLine.Entry line) {
    Statement.Entry entry = line.entry();
    AccountId account = AccountId.of(line.accountId());
    if (change == null || !change.after().account().equals(account)) {
      return Optional.of("entry " + entry.entryId() + " of account " + account + " out of place");
    }
    entries++;
    if (entry.entryId() <= lastEntry) {
      return Optional.of(
          "account " + account + ", entry " + entry.entryId() + " is not after entry " + lastEntry);
    }
    Optional<String> broken = walk.follow(entry);
    if (broken.isPresent()) {
      return broken;
    }
    lastEntry = entry.entryId();
    return Optional.empty();
  }

  /** The current account's entries reach its new leaf. */
  private Optional<String> finish() {
    if (change == null) {
      return Optional.empty();
    }
    AccountLeaf after = change.after();
    if (!walk.head().equals(after.chainHead())
        || walk.balance() != after.balanceMinor()
        || lastEntry != after.lastEntryId()) {
      return Optional.of(
          "account "
              + after.account()
              + ": its entries since the checkpoint before reach balance "
              + walk.balance()
              + ", entry "
              + lastEntry
              + " and chain end "
              + walk.head()
              + ", but checkpoint "
              + checkpoint.id()
              + " signed "
              + after.balanceMinor()
              + ", entry "
              + after.lastEntryId()
              + " and "
              + after.chainHead());
    }
    return Optional.empty();
  }

  Verdict end() {
    if (!started) {
      return Verdict.invalid("the changes are empty");
    }
    Optional<String> unfinished = finish();
    if (unfinished.isPresent()) {
      return Verdict.invalid(unfinished.get());
    }
    for (CurrencyTotals totals : checkpoint.currencies()) {
      long before = totalBefore(totals.currency());
      long expected = Math.subtractExact(totals.totalMinor(), before);
      long changes = moved.getOrDefault(totals.currency(), 0L);
      if (changes != expected) {
        return Verdict.invalid(
            totals.currency().value()
                + ": the total moved from "
                + before
                + " to "
                + totals.totalMinor()
                + ", but the changed accounts moved "
                + changes);
      }
    }
    for (CurrencyCode currency : moved.keySet()) {
      if (checkpoint.currencies().stream().noneMatch(t -> t.currency().equals(currency))) {
        return Verdict.invalid("accounts of " + currency.value() + " changed, a currency it omits");
      }
    }
    return Verdict.valid(
        "checkpoint "
            + checkpoint.id()
            + (previous == null ? "" : " extends " + previous.id())
            + ": "
            + accounts
            + " accounts changed by "
            + entries
            + " entries, and they move every total as published");
  }

  private long totalBefore(CurrencyCode currency) {
    return previous == null
        ? 0
        : previous.currencies().stream()
            .filter(totals -> totals.currency().equals(currency))
            .mapToLong(CurrencyTotals::totalMinor)
            .sum();
  }
}
