package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import dev.ewallet.ledger.testkit.InMemoryStore.Header;
import dev.ewallet.ledger.testkit.InMemoryStore.State;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** {@link JournalRepository} in memory. */
public final class InMemoryJournal implements JournalRepository {

  private final InMemoryStore store;
  private final Set<String> brokenKeys = new HashSet<>();
  private final Map<ClaimKey, StoredRefusal> refusals = new HashMap<>();

  public InMemoryJournal(InMemoryStore store) {
    this.store = store;
  }

  /** Makes every claim of this key fail as a broken database would, to test failure handling. */
  public void breakClaimsOf(IdempotencyKey key) {
    store.locked(() -> brokenKeys.add(key.value()));
  }

  @Override
  public Map<ClaimKey, IdempotencyRecord> findClaims(Collection<ClaimKey> keys) {
    return store.locked(() -> {
      Map<ClaimKey, IdempotencyRecord> found = new HashMap<>();
      for (ClaimKey key : keys) {
        TransactionId id = store.state().keys().get(keyOf(key.principalId(), key.key()));
        if (id != null) {
          JournalClaim claim = store.state().headers().get(id).claim();
          found.put(
              key, new IdempotencyRecord(id, claim.type(), claim.fingerprint(), claim.feeMinor()));
        }
      }
      return found;
    });
  }

  @Override
  public Set<TransactionId> claimAll(List<JournalClaim> claims) {
    store.requireTransaction();
    State state = store.state();
    Set<TransactionId> won = new HashSet<>();
    for (JournalClaim claim : claims) {
      if (brokenKeys.contains(claim.idempotencyKey().value())) {
        throw new IllegalStateException("storage failed claiming " + claim.idempotencyKey());
      }
      String key = keyOf(claim.principalId(), claim.idempotencyKey());
      if (state.keys().containsKey(key)) {
        continue;
      }
      boolean reversal = claim.type() == TransactionType.REVERSAL;
      if (reversal && state.reversedBy().containsKey(claim.original())) {
        throw new AlreadyReversedException(claim.original().toString());
      }
      UniqueReference reference = claim.uniqueReference();
      if (reference != null && !taken(List.of(reference)).isEmpty()) {
        throw new DuplicateReferenceException(reference.currency().value(), reference.reference());
      }
      state.keys().put(key, claim.transactionId());
      state.headers().put(claim.transactionId(), new Header(claim));
      if (reversal) {
        state.reversedBy().put(claim.original(), claim.transactionId());
      }
      won.add(claim.transactionId());
    }
    return won;
  }

  @Override
  public Set<UniqueReference> takenReferences(Collection<UniqueReference> references) {
    return store.locked(() -> taken(references));
  }

  private Set<UniqueReference> taken(Collection<UniqueReference> references) {
    // Most transactions take no reference (null), which an immutable list refuses to look for.
    Set<UniqueReference> wanted = Set.copyOf(references);
    return store.state().headers().values().stream()
        .map(header -> header.claim().uniqueReference())
        .filter(reference -> reference != null && wanted.contains(reference))
        .collect(Collectors.toSet());
  }

  @Override
  public List<PostedTransaction> findByReference(String reference, UserId owner, int limit) {
    return store.locked(() ->
        store.state().headers().values().stream()
            .map(Header::claim)
            .filter(claim -> reference.equals(claim.details().reference()))
            .sorted(
                Comparator.comparing(JournalClaim::createdAt)
                    .thenComparing(claim -> claim.transactionId().toString())
                    .reversed())
            .map(claim -> findById(claim.transactionId()).orElseThrow())
            .filter(transaction -> owner == null || touchesAccountOf(transaction, owner))
            .limit(limit)
            .toList());
  }

  private boolean touchesAccountOf(PostedTransaction transaction, UserId owner) {
    return transaction.entries().stream()
        .map(entry -> store.state().accounts().get(entry.accountId().value()))
        .anyMatch(account -> account != null && account.isOwnedBy(owner));
  }

  private static String keyOf(long principal, IdempotencyKey key) {
    return principal + "/" + key.value();
  }

  @Override
  public void appendEntries(List<TransactionChanges> transactions, Instant createdAt) {
    store.requireTransaction();
    List<LedgerEntry> entries = store.state().entries();
    for (TransactionChanges transaction : transactions) {
      JournalClaim claim = store.state().headers().get(transaction.transactionId()).claim();
      for (BalanceChange change : transaction.changes()) {
        entries.add(
            new LedgerEntry(
                entries.size() + 1L,
                transaction.transactionId(),
                claim.type(),
                change.accountId(),
                change.amount(),
                change.balanceAfter(),
                createdAt,
                claim.details(),
                change.hash(),
                claim.storedDetailsDigest(),
                false));
      }
    }
  }

  @Override
  public long refundedMinor(TransactionId transfer) {
    return store.locked(() -> {
      Set<TransactionId> refunds =
          store.state().headers().values().stream()
              .map(Header::claim)
              .filter(c -> c.type() == TransactionType.REFUND && transfer.equals(c.original()))
              .map(JournalClaim::transactionId)
              .collect(Collectors.toSet());
      return store.state().entries().stream()
          .filter(e -> refunds.contains(e.transactionId()) && e.amount().isPositive())
          .mapToLong(e -> e.amount().amountMinor())
          .sum();
    });
  }

  @Override
  public Optional<PostedTransaction> findById(TransactionId id) {
    return store.locked(() ->
        Optional.ofNullable(store.state().headers().get(id))
            .map(header ->
                new PostedTransaction(
                    id,
                    header.claim().type(),
                    header.claim().original(),
                    store.state().reversedBy().get(id),
                    header.claim().reason(),
                    header.claim().createdAt(),
                    header.claim().details(),
                    store.state().entries().stream()
                        .filter(e -> e.transactionId().equals(id))
                        .toList(),
                    header.claim().feeMinor())));
  }

  @Override
  public void recordRefusal(ClaimKey key, StoredRefusal refusal) {
    store.locked(() -> {
      if (!store.state().keys().containsKey(keyOf(key.principalId(), key.key()))) {
        refusals.put(key, refusal);
      }
      return null;
    });
  }

  @Override
  public Optional<StoredRefusal> findRefusal(ClaimKey key) {
    return store.locked(() -> Optional.ofNullable(refusals.get(key)));
  }
}
