package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.hibernate.exception.ConstraintViolationException;
import org.springframework.data.domain.Limit;
import org.springframework.stereotype.Repository;

/**
 * The journal in PostgreSQL. Appends are set-based native queries of the posting path's persistence
 * context ({@link NativeSql}); reads go through JPA.
 *
 * <p>The header insert is the idempotency claim: {@code ON CONFLICT DO NOTHING} on the key's unique
 * constraint makes a concurrent claim of the same key wait for the first one's outcome. A second
 * reversal of one transaction breaks the one-reversal constraint instead, and is refused.
 */
@Repository
class JpaJournalRepositoryAdapter implements JournalRepository {

  private static final String FIND_CLAIMS =
      "SELECT principal_id, idempotency_key, id, type, request_fingerprint FROM journal_transaction"
          + " WHERE (principal_id, idempotency_key) IN"
          + " (SELECT * FROM unnest(CAST(?1 AS bigint[]), CAST(?2 AS text[])))";

  private static final String CLAIM_ALL =
      "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
          + " request_fingerprint, reversal_of, reason, created_at)"
          + " SELECT CAST(v.id AS uuid), v.type, v.principal_id, v.idempotency_key, v.fingerprint,"
          + " CAST(v.reversal_of AS uuid), v.reason, CAST(v.created_at AS timestamptz)"
          + " FROM unnest(CAST(?1 AS text[]), CAST(?2 AS text[]), CAST(?3 AS bigint[]),"
          + " CAST(?4 AS text[]), CAST(?5 AS text[]), CAST(?6 AS text[]), CAST(?7 AS text[]),"
          + " CAST(?8 AS text[])) WITH ORDINALITY AS v(id, type, principal_id, idempotency_key,"
          + " fingerprint, reversal_of, reason, created_at, position) ORDER BY v.position"
          + " ON CONFLICT (principal_id, idempotency_key) DO NOTHING RETURNING id";

  private static final String APPEND_ENTRIES =
      "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)"
          + " SELECT CAST(v.transaction_id AS uuid), v.account_id, v.amount, v.balance_after,"
          + " CAST(?1 AS timestamptz)"
          + " FROM unnest(CAST(?2 AS text[]), CAST(?3 AS bigint[]), CAST(?4 AS bigint[]),"
          + " CAST(?5 AS bigint[])) WITH ORDINALITY"
          + " AS v(transaction_id, account_id, amount, balance_after, position) ORDER BY v.position";

  private static final String REVERSED_ONCE = "journal_transaction_reversed_once";

  private final NativeSql sql;
  private final JournalTransactionJpaRepository transactions;
  private final LedgerEntryJpaRepository entries;

  JpaJournalRepositoryAdapter(
      NativeSql sql,
      JournalTransactionJpaRepository transactions,
      LedgerEntryJpaRepository entries) {
    this.sql = sql;
    this.transactions = transactions;
    this.entries = entries;
  }

  @Override
  public Map<ClaimKey, IdempotencyRecord> findClaims(Collection<ClaimKey> keys) {
    Map<ClaimKey, IdempotencyRecord> found = new HashMap<>();
    for (Object[] row :
        sql.rows(
            FIND_CLAIMS,
            keys.stream().map(ClaimKey::principalId).toArray(Long[]::new),
            keys.stream().map(k -> k.key().value()).toArray(String[]::new))) {
      found.put(
          new ClaimKey(((Number) row[0]).longValue(), IdempotencyKey.of((String) row[1])),
          new IdempotencyRecord(
              TransactionId.of((UUID) row[2]),
              TransactionType.valueOf((String) row[3]),
              new RequestFingerprint((String) row[4])));
    }
    return found;
  }

  @Override
  public Set<TransactionId> claimAll(List<JournalClaim> claims) {
    if (claims.isEmpty()) {
      return Set.of();
    }
    try {
      return sql
          .rows(
              CLAIM_ALL,
              claims.stream().map(c -> c.transactionId().toString()).toArray(String[]::new),
              claims.stream().map(c -> c.type().name()).toArray(String[]::new),
              claims.stream().map(JournalClaim::principalId).toArray(Long[]::new),
              claims.stream().map(c -> c.idempotencyKey().value()).toArray(String[]::new),
              claims.stream().map(c -> c.fingerprint().sha256Hex()).toArray(String[]::new),
              claims.stream()
                  .map(c -> c.reversalOf() == null ? null : c.reversalOf().toString())
                  .toArray(String[]::new),
              claims.stream().map(JournalClaim::reason).toArray(String[]::new),
              claims.stream().map(c -> c.createdAt().toString()).toArray(String[]::new))
          .stream()
          .map(row -> TransactionId.of((UUID) row[0]))
          .collect(Collectors.toSet());
    } catch (ConstraintViolationException violation) {
      if (REVERSED_ONCE.equalsIgnoreCase(violation.getConstraintName())) {
        throw new AlreadyReversedException(
            claims.stream()
                .map(JournalClaim::reversalOf)
                .filter(Objects::nonNull)
                .map(TransactionId::toString)
                .collect(Collectors.joining(", ")));
      }
      throw violation;
    }
  }

  @Override
  public void appendEntries(List<TransactionChanges> transactions, Instant createdAt) {
    List<String> ids = new ArrayList<>();
    List<BalanceChange> changes = new ArrayList<>();
    for (TransactionChanges transaction : transactions) {
      for (BalanceChange change : transaction.changes()) {
        ids.add(transaction.transactionId().toString());
        changes.add(change);
      }
    }
    sql.update(
        APPEND_ENTRIES,
        SqlTypes.timestamp(createdAt),
        ids.toArray(String[]::new),
        changes.stream().map(c -> c.accountId().value()).toArray(Long[]::new),
        changes.stream().map(c -> c.amount().amountMinor()).toArray(Long[]::new),
        changes.stream().map(c -> c.balanceAfter().amountMinor()).toArray(Long[]::new));
  }

  @Override
  public Optional<PostedTransaction> findById(TransactionId id) {
    return transactions
        .findById(id.value())
        .map(header ->
            new PostedTransaction(
                id,
                header.type(),
                header.reversalOf() == null ? null : TransactionId.of(header.reversalOf()),
                transactions
                    .findByReversalOf(id.value())
                    .map(reversal -> TransactionId.of(reversal.id()))
                    .orElse(null),
                header.reason(),
                header.createdAt(),
                entries.ofTransaction(id.value()).stream().map(EntryRow::toDomain).toList()));
  }

  @Override
  public List<LedgerEntry> findEntries(List<AccountId> accountIds, Long beforeEntryId, int limit) {
    long before = beforeEntryId == null ? Long.MAX_VALUE : beforeEntryId;
    List<Long> ids = accountIds.stream().map(AccountId::value).toList();
    return entries.history(ids, before, Limit.of(limit)).stream().map(EntryRow::toDomain).toList();
  }
}
