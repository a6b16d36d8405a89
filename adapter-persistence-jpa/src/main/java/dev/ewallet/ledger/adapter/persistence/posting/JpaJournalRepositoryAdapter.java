package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.MetadataJson;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.money.CurrencyCode;
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

  static final String FIND_CLAIMS =
      "SELECT principal_id, idempotency_key, id, type, request_fingerprint, fee"
          + " FROM journal_transaction"
          + " WHERE (principal_id, idempotency_key) IN"
          + " (SELECT * FROM unnest(?::bigint[], ?::text[]))";

  /** The key's latest refusal, unless the key has posted, which a refusal must never hide. */
  private static final String RECORD_REFUSAL =
      "INSERT INTO idempotency_refusal (principal_id, idempotency_key, status, code, problem,"
          + " refused_at) SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM"
          + " journal_transaction WHERE principal_id = ? AND idempotency_key = ?)"
          + " ON CONFLICT (principal_id, idempotency_key) DO UPDATE SET status = EXCLUDED.status,"
          + " code = EXCLUDED.code, problem = EXCLUDED.problem, refused_at = EXCLUDED.refused_at";

  private static final String FIND_REFUSAL =
      "SELECT status, code, problem, refused_at FROM idempotency_refusal"
          + " WHERE principal_id = ? AND idempotency_key = ?";

  private static final String CLAIM_ALL =
      "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
          + " request_fingerprint, reversal_of, refund_of, reason, created_at, reference,"
          + " description, metadata, fee, details_digest)"
          + " SELECT v.id::uuid, v.type, v.principal_id, v.idempotency_key, v.fingerprint,"
          + " CASE WHEN v.type = 'REVERSAL' THEN v.original::uuid END,"
          + " CASE WHEN v.type = 'REFUND' THEN v.original::uuid END,"
          + " v.reason, v.created_at::timestamptz, v.reference, v.description, v.metadata::jsonb,"
          + " nullif(v.fee, 0), decode(v.details_digest, 'hex')"
          + " FROM unnest(?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[],"
          + " ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[])"
          + " WITH ORDINALITY AS v(id, type, principal_id, idempotency_key, fingerprint, original,"
          + " reason, created_at, reference, description, metadata, fee, details_digest, position)"
          + " ORDER BY v.position"
          + " ON CONFLICT (principal_id, idempotency_key) DO NOTHING RETURNING id";

  private static final String REFUNDED =
      "SELECT coalesce(sum(e.amount), 0) FROM journal_transaction t"
          + " JOIN ledger_entry e ON e.transaction_id = t.id"
          + " WHERE t.refund_of = ? AND e.amount > 0";

  private static final String TAKE_REFERENCES =
      "INSERT INTO deposit_reference (currency, reference, transaction_id)"
          + " SELECT v.currency, v.reference, v.transaction_id::uuid"
          + " FROM unnest(?::text[], ?::text[], ?::text[]) AS v(currency, reference, transaction_id)";

  /**
   * The currencies are given as {@code char(3)}, the column's type: as text, PostgreSQL would
   * compare the column cast to text, which the primary key cannot serve, and read the whole table
   * on every deposit.
   */
  static final String TAKEN_REFERENCES =
      "SELECT currency, reference FROM deposit_reference"
          + " WHERE (currency, reference) IN (SELECT * FROM unnest(?::bpchar[], ?::text[]))";

  /** Newest first; for a user, only those with an entry on one of the user's accounts. */
  private static final String BY_REFERENCE =
      "SELECT t.id FROM journal_transaction t WHERE t.reference = ?"
          + " AND (?::bigint IS NULL OR EXISTS (SELECT 1 FROM ledger_entry e"
          + "   JOIN account a ON a.id = e.account_id"
          + "   WHERE e.transaction_id = t.id AND a.owner_id = ?::bigint))"
          + " ORDER BY t.created_at DESC, t.id DESC LIMIT ?";

  /**
   * In the order given, which is each account's chain order: the identity column numbers them so,
   * and history and verification read an account's entries by time, then id. Each entry's kind is
   * its type's code (a type without one leaves it null, which the column refuses) times two, plus
   * one for a debit.
   */
  private static final String APPEND_MANY_ENTRIES =
      "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at,"
          + " hash, kind)"
          + " SELECT v.transaction_id::uuid, v.account_id, v.amount, v.balance_after, ?,"
          + " decode(v.hash, 'hex'),"
          + " (SELECT c.code FROM transaction_type_code c WHERE c.type = v.type) * 2"
          + " + (v.amount < 0)::int"
          + " FROM unnest(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[])"
          + " WITH ORDINALITY AS v(transaction_id, account_id, amount, balance_after, hash, type,"
          + " position) ORDER BY v.position";

  private static final String REVERSED_ONCE = "journal_transaction_reversed_once";
  private static final String REFERENCE_UNIQUE = "deposit_reference_unique";

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
                    new RequestFingerprint(row.getString("request_fingerprint")),
                    row.getLong("fee"))))
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
                  .map(c -> c.original() == null ? null : c.original().toString())
                  .toArray(String[]::new),
              claims.stream().map(JournalClaim::reason).toArray(String[]::new),
              claims.stream().map(c -> c.createdAt().toString()).toArray(String[]::new),
              claims.stream().map(c -> c.details().reference()).toArray(String[]::new),
              claims.stream().map(c -> c.details().description()).toArray(String[]::new),
              claims.stream().map(c -> MetadataJson.write(c.details())).toArray(String[]::new),
              claims.stream().mapToLong(JournalClaim::feeMinor).toArray(),
              claims.stream()
                  .map(JournalClaim::storedDetailsDigest)
                  .map(digest -> digest == null ? null : digest.hex())
                  .toArray(String[]::new))
          .query((row, n) -> won.add(TransactionId.of(row.getObject("id", UUID.class))))
          .list();
      takeReferences(claims);
    } catch (DuplicateKeyException duplicate) {
      if (UniqueViolations.violates(duplicate, REVERSED_ONCE)) {
        throw new AlreadyReversedException(
            claims.stream()
                .filter(c -> c.type() == TransactionType.REVERSAL)
                .map(JournalClaim::original)
                .filter(Objects::nonNull)
                .map(TransactionId::toString)
                .collect(Collectors.joining(", ")));
      }
      if (UniqueViolations.violates(duplicate, REFERENCE_UNIQUE)) {
        UniqueReference first =
            claims.stream()
                .map(JournalClaim::uniqueReference)
                .filter(Objects::nonNull)
                .findFirst()
                .orElseThrow();
        throw new DuplicateReferenceException(first.currency().value(), first.reference());
      }
      throw duplicate;
    }
    return won;
  }

  private void takeReferences(List<JournalClaim> claims) {
    List<JournalClaim> referenced =
        claims.stream().filter(c -> c.uniqueReference() != null).toList();
    if (referenced.isEmpty()) {
      return;
    }
    jdbc.sql(TAKE_REFERENCES)
        .params(
            referenced.stream()
                .map(c -> c.uniqueReference().currency().value())
                .toArray(String[]::new),
            referenced.stream().map(c -> c.uniqueReference().reference()).toArray(String[]::new),
            referenced.stream().map(c -> c.transactionId().toString()).toArray(String[]::new))
        .update();
  }

  @Override
  public Set<UniqueReference> takenReferences(Collection<UniqueReference> references) {
    if (references.isEmpty()) {
      return Set.of();
    }
    return new HashSet<>(
        jdbc.sql(TAKEN_REFERENCES)
            .params(
                references.stream().map(r -> r.currency().value()).toArray(String[]::new),
                references.stream().map(UniqueReference::reference).toArray(String[]::new))
            .query((row, n) ->
                new UniqueReference(
                    CurrencyCode.of(row.getString("currency").strip()), row.getString("reference")))
            .list());
  }

  @Override
  public List<PostedTransaction> findByReference(String reference, UserId owner, int limit) {
    Long ownerId = owner == null ? null : owner.value();
    return jdbc
        .sql(BY_REFERENCE)
        .params(reference, ownerId, ownerId, limit)
        .query((row, n) -> TransactionId.of(row.getObject("id", UUID.class)))
        .list()
        .stream()
        .flatMap(id -> findById(id).stream())
        .toList();
  }

  @Override
  public void appendEntries(List<TransactionChanges> transactions, Instant createdAt) {
    List<String> ids = new ArrayList<>();
    List<String> types = new ArrayList<>();
    List<BalanceChange> changes = new ArrayList<>();
    for (TransactionChanges transaction : transactions) {
      for (BalanceChange change : transaction.changes()) {
        ids.add(transaction.transactionId().toString());
        types.add(transaction.type().name());
        changes.add(change);
      }
    }
    jdbc.sql(APPEND_MANY_ENTRIES)
        .params(
            SqlTypes.timestamp(createdAt),
            ids.toArray(String[]::new),
            changes.stream().mapToLong(c -> c.accountId().value()).toArray(),
            changes.stream().mapToLong(c -> c.amount().amountMinor()).toArray(),
            changes.stream().mapToLong(c -> c.balanceAfter().amountMinor()).toArray(),
            changes.stream().map(c -> c.hash().hex()).toArray(String[]::new),
            types.toArray(String[]::new))
        .update();
  }

  @Override
  public long refundedMinor(TransactionId transfer) {
    return jdbc.sql(REFUNDED).param(transfer.value()).query(Long.class).single();
  }

  @Override
  public Optional<PostedTransaction> findById(TransactionId id) {
    return transactions
        .findById(id.value())
        .map(header ->
            new PostedTransaction(
                id,
                header.type(),
                header.original() == null ? null : TransactionId.of(header.original()),
                transactions
                    .findByReversalOf(id.value())
                    .map(reversal -> TransactionId.of(reversal.id()))
                    .orElse(null),
                header.reason(),
                header.createdAt(),
                header.details(),
                entries.ofTransaction(id.value()).stream()
                    .map(row -> row.toDomain(header))
                    .toList(),
                header.feeMinor()));
  }

  @Override
  public void recordRefusal(ClaimKey key, StoredRefusal refusal) {
    jdbc.sql(RECORD_REFUSAL)
        .params(
            key.principalId(),
            key.key().value(),
            refusal.status(),
            refusal.code(),
            refusal.problem(),
            SqlTypes.timestamp(refusal.refusedAt()),
            key.principalId(),
            key.key().value())
        .update();
  }

  @Override
  public Optional<StoredRefusal> findRefusal(ClaimKey key) {
    return jdbc.sql(FIND_REFUSAL)
        .params(key.principalId(), key.key().value())
        .query((row, n) ->
            new StoredRefusal(
                row.getInt("status"),
                row.getString("code"),
                row.getString("problem"),
                SqlTypes.instant(row, "refused_at")))
        .optional();
  }
}
