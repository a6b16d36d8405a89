package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.postgresql.util.PSQLException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The journal in PostgreSQL. Appends are set-based native SQL on the posting path; reads go through
 * JPA.
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
          + " (SELECT * FROM unnest(?::bigint[], ?::text[]))";

  private static final String CLAIM_ALL =
      "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
          + " request_fingerprint, reversal_of, reason, created_at)"
          + " SELECT v.id::uuid, v.type, v.principal_id, v.idempotency_key, v.fingerprint,"
          + " v.reversal_of::uuid, v.reason, v.created_at::timestamptz"
          + " FROM unnest(?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[],"
          + " ?::text[], ?::text[]) WITH ORDINALITY AS v(id, type, principal_id, idempotency_key,"
          + " fingerprint, reversal_of, reason, created_at, position) ORDER BY v.position"
          + " ON CONFLICT (principal_id, idempotency_key) DO NOTHING RETURNING id";

  private static final String APPEND_MANY_ENTRIES =
      "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at)"
          + " SELECT v.transaction_id::uuid, v.account_id, v.amount, v.balance_after, ?"
          + " FROM unnest(?::text[], ?::bigint[], ?::bigint[], ?::bigint[]) WITH ORDINALITY"
          + " AS v(transaction_id, account_id, amount, balance_after, position) ORDER BY v.position";

  private static final String REVERSED_ONCE = "journal_transaction_reversed_once";

  private final JdbcClient jdbc;
  private final JournalTransactionJpaRepository transactions;
  private final LedgerEntryJpaRepository entries;

  JpaJournalRepositoryAdapter(
      JdbcClient jdbc,
      JournalTransactionJpaRepository transactions,
      LedgerEntryJpaRepository entries) {
    this.jdbc = jdbc;
    this.transactions = transactions;
    this.entries = entries;
  }

  private static boolean violates(DuplicateKeyException duplicate, String constraint) {
    return duplicate.getMostSpecificCause() instanceof PSQLException pg
        && pg.getServerErrorMessage() != null
        && constraint.equals(pg.getServerErrorMessage().getConstraint());
  }

  @Override
  public Map<ClaimKey, IdempotencyRecord> findClaims(Collection<ClaimKey> keys) {
    long[] principals = keys.stream().mapToLong(ClaimKey::principalId).toArray();
    String[] values = keys.stream().map(k -> k.key().value()).toArray(String[]::new);
    Map<ClaimKey, IdempotencyRecord> found = new HashMap<>();
    jdbc.sql(FIND_CLAIMS)
        .params(principals, values)
        .query((row, n) ->
            found.put(
                new ClaimKey(
                    row.getLong("principal_id"),
                    IdempotencyKey.of(row.getString("idempotency_key"))),
                new IdempotencyRecord(
                    TransactionId.of(row.getObject("id", UUID.class)),
                    TransactionType.valueOf(row.getString("type")),
                    new RequestFingerprint(row.getString("request_fingerprint")))))
        .list();
    return found;
  }

  @Override
  public Set<TransactionId> claimAll(List<JournalClaim> claims) {
    if (claims.isEmpty()) {
      return Set.of();
    }
    Set<TransactionId> won = new HashSet<>();
    try {
      jdbc.sql(CLAIM_ALL)
          .params(
              claims.stream().map(c -> c.transactionId().toString()).toArray(String[]::new),
              claims.stream().map(c -> c.type().name()).toArray(String[]::new),
              claims.stream().mapToLong(JournalClaim::principalId).toArray(),
              claims.stream().map(c -> c.idempotencyKey().value()).toArray(String[]::new),
              claims.stream().map(c -> c.fingerprint().sha256Hex()).toArray(String[]::new),
              claims.stream()
                  .map(c -> c.reversalOf() == null ? null : c.reversalOf().toString())
                  .toArray(String[]::new),
              claims.stream().map(JournalClaim::reason).toArray(String[]::new),
              claims.stream().map(c -> c.createdAt().toString()).toArray(String[]::new))
          .query((row, n) -> won.add(TransactionId.of(row.getObject("id", UUID.class))))
          .list();
    } catch (DuplicateKeyException duplicate) {
      if (violates(duplicate, REVERSED_ONCE)) {
        throw new AlreadyReversedException(
            claims.stream()
                .map(JournalClaim::reversalOf)
                .filter(Objects::nonNull)
                .map(TransactionId::toString)
                .collect(Collectors.joining(", ")));
      }
      throw duplicate;
    }
    return won;
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
    jdbc.sql(APPEND_MANY_ENTRIES)
        .params(
            SqlTypes.timestamp(createdAt),
            ids.toArray(String[]::new),
            changes.stream().mapToLong(c -> c.accountId().value()).toArray(),
            changes.stream().mapToLong(c -> c.amount().amountMinor()).toArray(),
            changes.stream().mapToLong(c -> c.balanceAfter().amountMinor()).toArray())
        .update();
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
}
