package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AccountUpdate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Applies transactions' postings to their accounts the way the posting path does, for tests that
 * post through the out-ports directly: locks every account once, extends each one's hash chain
 * entry by entry in memory, and writes one balance and chain-end update per account. Must run
 * inside a unit of work.
 */
public final class ChainedPostings {

  /** A transaction's postings: one per account. */
  public record Transaction(TransactionId id, List<Posting> postings) {}

  private ChainedPostings() {}

  /** One transaction; its changes, in the order of {@code postings}, ready for the journal. */
  public static List<BalanceChange> apply(
      AccountRepository accounts, TransactionId transaction, List<Posting> postings, Instant at) {
    return applyAll(accounts, List.of(new Transaction(transaction, postings)), at).getFirst();
  }

  /** Several transactions in order, as one batch; each one's changes, ready for the journal. */
  public static List<List<BalanceChange>> applyAll(
      AccountRepository accounts, List<Transaction> transactions, Instant at) {
    TreeSet<AccountId> ids = new TreeSet<>();
    transactions.forEach(t -> t.postings().forEach(p -> ids.add(p.accountId())));
    Map<AccountId, Account> working = new HashMap<>();
    accounts.lockForUpdate(ids).forEach(account -> working.put(account.id(), account));
    Map<AccountId, Account> locked = Map.copyOf(working);
    Map<AccountId, Money> net = new LinkedHashMap<>();
    List<List<BalanceChange>> changes = new ArrayList<>();
    for (Transaction transaction : transactions) {
      List<BalanceChange> ofTransaction = new ArrayList<>();
      for (Posting posting : transaction.postings()) {
        Account account = working.get(posting.accountId());
        Money after = account.balance().plus(posting.amount());
        BalanceChange change =
            new BalanceChange(
                account.id(),
                posting.amount(),
                after,
                account
                    .lastHash()
                    .next(transaction.id().value(), account.id(), posting.amount(), after, at));
        working.put(account.id(), account.posted(after, at, change.hash()));
        net.merge(account.id(), posting.amount(), Money::plus);
        ofTransaction.add(change);
      }
      changes.add(ofTransaction);
    }
    accounts.applyPostings(
        net.entrySet().stream()
            .map(e ->
                new AccountUpdate(
                    e.getKey(),
                    e.getValue(),
                    locked.get(e.getKey()).lastHash(),
                    working.get(e.getKey()).lastHash()))
            .toList(),
        at);
    return changes;
  }
}
