package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one posting flow every money-moving use case shares, in one unit of work: claim the
 * idempotency key, lock the accounts in ascending id order, build and check the transaction against
 * the locked balances, apply it, append its entries and its outbox event. Any rejection rolls all
 * of it back, the key's claim included.
 */
final class JournalPoster {

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final LedgerEventOutbox outbox;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  JournalPoster(
      AccountRepository accounts,
      JournalRepository journal,
      LedgerEventOutbox outbox,
      UnitOfWork unitOfWork,
      Clock clock) {
    this.accounts = accounts;
    this.journal = journal;
    this.outbox = outbox;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  PostingReceipt post(PostingRequest request) {
    return unitOfWork.inTransaction(() -> postInTransaction(request));
  }

  private PostingReceipt postInTransaction(PostingRequest request) {
    TransactionId id = TransactionId.random();
    // Storage keeps microseconds: truncating here makes every reply equal what a later read
    // returns.
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    Optional<IdempotencyRecord> earlier = journal.claim(claimOf(request, id, now));
    if (earlier.isPresent()) {
      return replay(request, earlier.get());
    }
    Map<AccountId, Account> locked = lock(request);
    JournalTransaction transaction = request.plan().build(locked, id, now);
    List<BalanceChange> changes = apply(transaction, locked);
    journal.appendEntries(id, changes, now);
    outbox.append(LedgerEvent.posted(transaction, changes));
    return new PostingReceipt(id, transaction.type(), false);
  }

  private static JournalClaim claimOf(PostingRequest request, TransactionId id, Instant now) {
    return new JournalClaim(
        id,
        request.type(),
        request.caller().principalId(),
        request.idempotencyKey(),
        request.fingerprint(),
        request.reversalOf(),
        request.reason(),
        now);
  }

  private static PostingReceipt replay(PostingRequest request, IdempotencyRecord earlier) {
    if (!earlier.fingerprint().equals(request.fingerprint())) {
      throw new IdempotencyKeyReusedException(request.idempotencyKey().value());
    }
    return new PostingReceipt(earlier.transactionId(), earlier.type(), true);
  }

  private Map<AccountId, Account> lock(PostingRequest request) {
    Map<AccountId, Account> locked = new LinkedHashMap<>();
    accounts.lockForUpdate(request.accountIds()).forEach(a -> locked.put(a.id(), a));
    for (AccountId id : request.accountIds()) {
      if (!locked.containsKey(id)) {
        throw new AccountNotFoundException(id.value());
      }
    }
    return locked;
  }

  /**
   * Checks every posting against its locked balance, then applies them. The storage's answer must
   * agree with the domain's arithmetic; if it does not, something outside this flow changed a
   * locked balance, and committing would hide it.
   */
  private List<BalanceChange> apply(
      JournalTransaction transaction, Map<AccountId, Account> locked) {
    List<BalanceChange> expected = new ArrayList<>();
    for (Posting posting : transaction.postings()) {
      Account account = locked.get(posting.accountId());
      if (account == null) {
        throw new IllegalStateException("posting to unlocked account " + posting.accountId());
      }
      Money after = account.balanceAfter(posting.amount());
      expected.add(new BalanceChange(account.id(), posting.amount(), after));
    }
    List<BalanceChange> applied = accounts.applyPostings(transaction.postings());
    if (!applied.equals(expected)) {
      throw new IllegalStateException("storage applied " + applied + ", expected " + expected);
    }
    return applied;
  }
}
