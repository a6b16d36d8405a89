package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.AccountRows;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.account.MerchantShards;
import dev.ewallet.ledger.domain.account.ShardedRows;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.TooManyAccountsException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AccountUpdate;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.StatusChange;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Accounts in PostgreSQL. Opening, listing shards and the posting path's row locks ({@code
 * PESSIMISTIC_WRITE}, all of a batch's accounts in one statement, in id order) go through JPA; the
 * balance update is one set-based {@code UPDATE ... RETURNING} for the whole batch, native SQL on
 * the same transaction, because JPA cannot express it, and an account read by its key is one plain
 * statement.
 */
@Repository
class JpaAccountRepositoryAdapter implements AccountRepository {

  /**
   * One row write per account: the balance, the newest entry's time and the end of the hash chain
   * change together. A row whose newest entry is later, or whose chain no longer ends where the
   * batch found it when locking, is not updated, and the batch fails.
   */
  private static final String APPLY =
      "UPDATE account AS a SET balance = a.balance + v.delta, last_entry_at = ?,"
          + " last_hash = decode(v.last_hash, 'hex')"
          + " FROM unnest(?::bigint[], ?::bigint[], ?::text[], ?::text[])"
          + " AS v(id, delta, previous_hash, last_hash)"
          + " WHERE a.id = v.id AND (a.last_entry_at IS NULL OR a.last_entry_at <= ?)"
          + " AND a.last_hash = decode(v.previous_hash, 'hex')"
          + " RETURNING a.id, a.balance, a.parent_id, encode(a.last_hash, 'hex') AS last_hash";

  private static final String OPEN_SYSTEM_ACCOUNT =
      "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at)"
          + " VALUES (NULL, ?, ?, 0, ?, ?)"
          + " ON CONFLICT (kind, currency) WHERE owner_id IS NULL AND parent_id IS NULL DO NOTHING";

  /**
   * The system account's shards numbered 1 to the count asked, those missing: a count raised later
   * adds shards, one lowered leaves the existing ones in use.
   */
  private static final String OPEN_SYSTEM_SHARDS =
      "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at,"
          + " parent_id, shard_no)"
          + " SELECT NULL, a.currency, a.kind, 0, a.allow_negative, ?, a.id, n"
          + " FROM account a, generate_series(1, ?) AS n WHERE a.id = ?"
          + " ON CONFLICT (parent_id, shard_no) WHERE parent_id IS NOT NULL DO NOTHING";

  /**
   * One account by its key, read by the flows before they queue a posting (the wallet's currency
   * names the system account to lock): one statement outside any transaction, where Spring Data's
   * {@code findById} opened a read-only transaction, a session and an entity for the row.
   */
  private static final String FIND_BY_ID =
      "SELECT " + AccountRows.COLUMNS + " FROM account a WHERE a.id = ?";

  /** Shards per kind of their main account and currency, through the shards' partial index. */
  private static final String SHARDED_ROWS =
      "SELECT p.kind, s.currency, count(*) AS shards, sum(s.balance)::bigint AS balance"
          + " FROM account s JOIN account p ON p.id = s.parent_id WHERE s.parent_id IS NOT NULL"
          + " GROUP BY p.kind, s.currency ORDER BY p.kind, s.currency";

  private static final String FIND_SYSTEM_ACCOUNT =
      "SELECT id FROM account WHERE kind = ? AND currency = ? AND owner_id IS NULL"
          + " AND parent_id IS NULL";

  /** The merchant's shards with it; the caller holds every row's lock. */
  private static final String CHANGE_STATUS =
      "UPDATE account SET status = ? WHERE id = ? OR parent_id = ?";

  private static final String RECORD_STATUS_CHANGE =
      "INSERT INTO account_status_change (account_id, status, reason, changed_by, changed_at)"
          + " VALUES (?, ?, ?, ?, ?)";

  private static final String KEEP_IN_SUSPENSE =
      "INSERT INTO suspense_item (transaction_id, account_id, suspense_id, currency, amount, type,"
          + " booked_at) VALUES (?, ?, ?, ?, ?, ?, ?)";

  private static final String RELEASE_FROM_SUSPENSE =
      "UPDATE suspense_item SET released_by = ? WHERE account_id = ? AND released_by IS NULL"
          + " AND transaction_id = ANY (?::uuid[])";

  private static final String SUSPENSE_COLUMNS =
      "transaction_id, account_id, suspense_id, currency, amount, type, booked_at, released_by";

  private static final String KEPT_IN_SUSPENSE =
      "SELECT "
          + SUSPENSE_COLUMNS
          + " FROM suspense_item WHERE account_id = ? AND released_by IS NULL"
          + " ORDER BY booked_at, transaction_id";

  private static final String SUSPENSE_ITEMS =
      "SELECT "
          + SUSPENSE_COLUMNS
          + " FROM suspense_item WHERE currency = ? AND (released_by IS NULL OR NOT ?)"
          + " ORDER BY booked_at DESC, transaction_id LIMIT ?";

  /**
   * Dormancy in one statement: the range's active user wallets opened before the cut-off with no
   * entry since of a kind that shows their owner's activity (a probe of the entry-kind index per
   * wallet and kind) turn dormant, and each change is recorded. Entry kinds are the type's code
   * times two, plus one for a debit.
   */
  private static final String MARK_DORMANT =
      "WITH activity AS ("
          + "  SELECT code * 2 + 1 AS kind FROM transaction_type_code WHERE type = ANY (?::text[])"
          + "  UNION ALL SELECT code * 2 FROM transaction_type_code WHERE type = ANY (?::text[])),"
          + " dormant AS ("
          + "  UPDATE account a SET status = 'DORMANT'"
          + "  WHERE a.id BETWEEN ? AND ? AND a.status = 'ACTIVE' AND a.kind = 'USER'"
          + "  AND a.created_at < ? AND NOT EXISTS ("
          + "   SELECT 1 FROM activity k JOIN ledger_entry e ON e.account_id = a.id"
          + "   AND e.kind = k.kind AND e.created_at >= ?)"
          + "  RETURNING a.id)"
          + " INSERT INTO account_status_change (account_id, status, reason, changed_by, changed_at)"
          + " SELECT id, 'DORMANT', ?, ?, ? FROM dormant ORDER BY id RETURNING account_id";

  private static final String DORMANT_WALLETS =
      "SELECT a.id, a.owner_id, a.currency, a.balance, c.changed_at FROM account a"
          + " CROSS JOIN LATERAL (SELECT s.changed_at FROM account_status_change s"
          + "  WHERE s.account_id = a.id AND s.status = 'DORMANT' ORDER BY s.id DESC LIMIT 1) c"
          + " WHERE a.status = 'DORMANT' AND a.currency = ? ORDER BY c.changed_at, a.id";

  private final AccountJpaRepository jpa;
  private final RowLocks locks;
  private final JdbcClient jdbc;
  private final WrittenAccounts writtenAccounts;
  // System account ids never change once opened, so every posting need not look them up.
  private final Map<String, AccountId> systemAccounts = new ConcurrentHashMap<>();

  private final ShardCache shards;
  private final OutgoingLimitRows outgoingLimits;
  private final int systemShards;

  /**
   * @param systemShards how many shards each system account is served by (0: none), opened with it
   *     on its first use by this process (docs/hot-accounts.md)
   */
  JpaAccountRepositoryAdapter(
      AccountJpaRepository jpa,
      RowLocks locks,
      JdbcClient jdbc,
      WrittenAccounts writtenAccounts,
      @Value("${ledger.system-accounts.shards}") int systemShards) {
    if (systemShards < 0 || systemShards > MerchantShards.MAX) {
      throw new IllegalArgumentException(
          "ledger.system-accounts.shards is 0 to " + MerchantShards.MAX + ", not " + systemShards);
    }
    this.jpa = jpa;
    this.locks = locks;
    this.jdbc = jdbc;
    this.writtenAccounts = writtenAccounts;
    this.systemShards = systemShards;
    this.shards = new ShardCache(jdbc);
    this.outgoingLimits = new OutgoingLimitRows(jdbc);
  }

  @Override
  public Account create(NewAccount account) {
    Long owner = account.owner() == null ? null : account.owner().value();
    Long parent = account.parent() == null ? null : account.parent().value();
    AccountEntity entity =
        new AccountEntity(
            owner,
            account.currency().value(),
            account.kind(),
            account.createdAt(),
            parent,
            account.shardNo());
    Account created = jpa.saveAndFlush(entity).toDomain();
    if (parent != null) {
      invalidateShardsOnCommit();
    }
    return created;
  }

  @Override
  @Transactional
  public Account createForOwner(NewAccount account, int maxPerOwner) {
    long owner = account.owner().value();
    jpa.lockOwner(owner);
    if (jpa.countByOwnerIdAndParentIdIsNullAndStatusNot(owner, AccountStatus.CLOSED)
        >= maxPerOwner) {
      throw new TooManyAccountsException(maxPerOwner);
    }
    return create(account);
  }

  @Override
  public Optional<Account> findById(AccountId id) {
    return jdbc.sql(FIND_BY_ID)
        .param(id.value())
        .query((row, number) -> AccountRows.account(row))
        .optional();
  }

  @Override
  public List<Account> findShards(AccountId merchant) {
    return jpa.findByParentIdOrderByIdAsc(merchant.value()).stream()
        .map(AccountEntity::toDomain)
        .toList();
  }

  /**
   * Forgets the cached shards once the new shards are committed (at once outside a transaction):
   * forgotten before, a posting routed meanwhile would reload the shards without them and keep that
   * answer for a while.
   */
  private void invalidateShardsOnCommit() {
    if (!TransactionSynchronizationManager.isSynchronizationActive()) {
      shards.invalidate();
      return;
    }
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCommit() {
            shards.invalidate();
          }
        });
  }

  @Override
  public List<AccountId> creditTargets(AccountId account) {
    return shards.ofMerchant(account);
  }

  @Override
  public List<AccountId> shardedMerchants() {
    return shards.merchants();
  }

  @Override
  public List<ShardedRows> shardedRows() {
    return jdbc.sql(SHARDED_ROWS)
        .query((row, n) ->
            new ShardedRows(
                AccountKind.valueOf(row.getString("kind")),
                CurrencyCode.of(row.getString("currency")),
                row.getLong("shards"),
                row.getLong("balance")))
        .list();
  }

  @Override
  public List<AccountId> systemShards(AccountId systemAccount) {
    return shards.of(systemAccount);
  }

  @Override
  public AccountId systemAccount(AccountKind kind, CurrencyCode currency) {
    return systemAccounts.computeIfAbsent(
        kind + "/" + currency, key -> openSystemAccount(kind, currency));
  }

  private AccountId openSystemAccount(AccountKind kind, CurrencyCode currency) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    jdbc.sql(OPEN_SYSTEM_ACCOUNT)
        .params(currency.value(), kind.name(), kind.allowsNegative(), SqlTypes.timestamp(now))
        .update();
    long id =
        jdbc.sql(FIND_SYSTEM_ACCOUNT)
            .params(kind.name(), currency.value())
            .query(Long.class)
            .single();
    if (systemShards > 0
        && jdbc.sql(OPEN_SYSTEM_SHARDS).params(SqlTypes.timestamp(now), systemShards, id).update()
            > 0) {
      invalidateShardsOnCommit();
    }
    return AccountId.of(id);
  }

  @Override
  public List<Account> lockForUpdate(SortedSet<AccountId> ids) {
    return locks
        .lockInIdOrder(AccountEntity.class, ids.stream().map(AccountId::value).toList())
        .stream()
        .map(AccountEntity::toDomain)
        .toList();
  }

  @Override
  public void changeStatus(StatusChange change) {
    long id = change.accountId().value();
    jdbc.sql(CHANGE_STATUS).params(change.status().name(), id, id).update();
    jdbc.sql(RECORD_STATUS_CHANGE)
        .params(
            id,
            change.status().name(),
            change.reason(),
            change.changedBy(),
            SqlTypes.timestamp(change.changedAt()))
        .update();
  }

  @Override
  public Map<AccountId, OutgoingUsage> outgoing(Collection<AccountId> ids, LocalDate day) {
    return outgoingLimits.usage(ids, day);
  }

  @Override
  public void recordOutgoing(Map<AccountId, OutgoingAllowance> used, LocalDate day) {
    outgoingLimits.record(used, day);
  }

  @Override
  public void setOutgoingLimits(
      AccountId id, Long dailyOut, Long monthlyOut, long changedBy, Instant changedAt) {
    outgoingLimits.set(id, dailyOut, monthlyOut, changedBy, changedAt);
  }

  @Override
  public List<BalanceChange> applyPostings(List<AccountUpdate> updates, Instant at) {
    long[] ids = updates.stream().mapToLong(u -> u.accountId().value()).toArray();
    long[] deltas = updates.stream().mapToLong(u -> u.delta().amountMinor()).toArray();
    String[] previous = updates.stream().map(u -> u.previousHash().hex()).toArray(String[]::new);
    String[] last = updates.stream().map(u -> u.lastHash().hex()).toArray(String[]::new);
    Map<Long, Long> balances = new HashMap<>();
    Map<Long, String> chainEnds = new HashMap<>();
    List<AccountId> written = new ArrayList<>();
    RowCallbackHandler collect =
        row -> {
          balances.put(row.getLong("id"), row.getLong("balance"));
          chainEnds.put(row.getLong("id"), row.getString("last_hash"));
          written.add(AccountId.of(row.getLong("id")));
          Long parent = row.getObject("parent_id", Long.class);
          if (parent != null) {
            written.add(AccountId.of(parent));
          }
        };
    OffsetDateTime time = SqlTypes.timestamp(at);
    jdbc.sql(APPLY).params(time, ids, deltas, previous, last, time).query(collect);
    writtenAccounts.add(written);
    return updates.stream()
        .map(u -> {
          Long after = balances.get(u.accountId().value());
          if (after == null) {
            throw new IllegalStateException(
                "account "
                    + u.accountId()
                    + " was not updated: missing, with an entry later than "
                    + at
                    + ", or its hash chain no longer ends at "
                    + u.previousHash());
          }
          return new BalanceChange(
              u.accountId(),
              u.delta(),
              Money.of(after, u.delta().currency()),
              new EntryHash(chainEnds.get(u.accountId().value())));
        })
        .toList();
  }

  @Override
  public void keepInSuspense(SuspenseItem item) {
    jdbc.sql(KEEP_IN_SUSPENSE)
        .params(
            item.transactionId().value(),
            item.wallet().value(),
            item.suspense().value(),
            item.amount().currency().value(),
            item.amount().amountMinor(),
            item.type().name(),
            SqlTypes.timestamp(item.bookedAt()))
        .update();
  }

  @Override
  public void releaseFromSuspense(
      AccountId wallet, List<TransactionId> items, TransactionId release) {
    UUID[] ids = items.stream().map(TransactionId::value).toArray(UUID[]::new);
    int released =
        jdbc.sql(RELEASE_FROM_SUSPENSE).params(release.value(), wallet.value(), ids).update();
    if (released != items.size()) {
      throw new IllegalStateException(
          "released "
              + released
              + " of the "
              + items.size()
              + " suspense items kept for "
              + wallet
              + ": another release took the rest");
    }
  }

  @Override
  public List<SuspenseItem> keptInSuspense(AccountId wallet) {
    return jdbc.sql(KEPT_IN_SUSPENSE)
        .param(wallet.value())
        .query((row, n) -> suspenseItem(row))
        .list();
  }

  @Override
  public List<SuspenseItem> suspenseItems(CurrencyCode currency, boolean keptOnly, int limit) {
    return jdbc.sql(SUSPENSE_ITEMS)
        .params(currency.value(), keptOnly, limit)
        .query((row, n) -> suspenseItem(row))
        .list();
  }

  private static SuspenseItem suspenseItem(ResultSet row) throws SQLException {
    UUID released = row.getObject("released_by", UUID.class);
    return new SuspenseItem(
        new TransactionId(row.getObject("transaction_id", UUID.class)),
        AccountId.of(row.getLong("account_id")),
        AccountId.of(row.getLong("suspense_id")),
        Money.of(row.getLong("amount"), CurrencyCode.of(row.getString("currency"))),
        TransactionType.valueOf(row.getString("type")),
        SqlTypes.instant(row, "booked_at"),
        released == null ? null : new TransactionId(released));
  }

  @Override
  public List<AccountId> markDormant(
      long fromId,
      long toId,
      Instant inactiveSince,
      Set<TransactionType> ownerDebits,
      Set<TransactionType> ownerCredits,
      String reason,
      long changedBy,
      Instant at) {
    OffsetDateTime since = SqlTypes.timestamp(inactiveSince);
    return jdbc.sql(MARK_DORMANT)
        .params(
            ownerDebits.stream().map(Enum::name).toArray(String[]::new),
            ownerCredits.stream().map(Enum::name).toArray(String[]::new),
            fromId,
            toId,
            since,
            since,
            reason,
            changedBy,
            SqlTypes.timestamp(at))
        .query((row, n) -> AccountId.of(row.getLong("account_id")))
        .list();
  }

  @Override
  public long maxAccountId() {
    return jdbc.sql("SELECT coalesce(max(id), 0) FROM account").query(Long.class).single();
  }

  @Override
  public void dormantWallets(CurrencyCode currency, Consumer<DormantWallet> sink) {
    jdbc.sql(DORMANT_WALLETS)
        .param(currency.value())
        .query(
            (RowCallbackHandler)
                row ->
                    sink.accept(
                        new DormantWallet(
                            AccountId.of(row.getLong("id")),
                            UserId.of(row.getLong("owner_id")),
                            Money.of(row.getLong("balance"), currency),
                            SqlTypes.instant(row, "changed_at"))));
  }
}
