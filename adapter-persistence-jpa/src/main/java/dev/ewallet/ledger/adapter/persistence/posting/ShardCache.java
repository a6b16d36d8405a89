package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Which accounts have shards (sharded merchants and system accounts), and their shards, in memory:
 * every transfer and every batch posting to a system account asks, and a database round trip per
 * transfer for a rarely changing answer would be waste. Reloaded at most every {@value
 * #MAX_AGE_MILLIS} ms, and at once when this instance has added a shard. Shards are never removed,
 * so a stale answer is only ever incomplete, never wrong. A reload that overlaps an invalidation
 * keeps what it read but stays stale, so the next question reloads again.
 */
final class ShardCache {

  static final long MAX_AGE_MILLIS = 5_000;

  private static final String ALL_SHARDS =
      "SELECT parent_id, id, kind FROM account WHERE parent_id IS NOT NULL"
          + " ORDER BY parent_id, shard_no";

  private final JdbcClient jdbc;

  /** One load: every parent's shards, and which parents are merchants. */
  private record Loaded(Map<AccountId, List<AccountId>> shards, Set<AccountId> merchants) {}

  private volatile Loaded loaded = new Loaded(Map.of(), Set.of());
  private volatile long loadedAtMillis = Long.MIN_VALUE / 2;
  private final AtomicLong generation = new AtomicLong();

  ShardCache(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The account's shards in shard order; empty when it has none. */
  List<AccountId> of(AccountId account) {
    return current().shards().getOrDefault(account, List.of());
  }

  /** The merchants that have shards. */
  List<AccountId> merchants() {
    return List.copyOf(current().merchants());
  }

  /** The merchant's shards; empty for any other account. */
  List<AccountId> ofMerchant(AccountId account) {
    Loaded now = current();
    return now.merchants().contains(account)
        ? now.shards().getOrDefault(account, List.of())
        : List.of();
  }

  void invalidate() {
    generation.incrementAndGet();
    loadedAtMillis = Long.MIN_VALUE / 2;
  }

  private Loaded current() {
    if (System.currentTimeMillis() - loadedAtMillis > MAX_AGE_MILLIS) {
      reload();
    }
    return loaded;
  }

  private synchronized void reload() {
    long now = System.currentTimeMillis();
    if (now - loadedAtMillis <= MAX_AGE_MILLIS) {
      return;
    }
    long seen = generation.get();
    Map<AccountId, List<AccountId>> shards = new HashMap<>();
    Set<AccountId> merchants = new HashSet<>();
    jdbc.sql(ALL_SHARDS)
        .query((row, n) -> {
          AccountId parent = AccountId.of(row.getLong("parent_id"));
          shards
              .computeIfAbsent(parent, k -> new ArrayList<>())
              .add(AccountId.of(row.getLong("id")));
          if (AccountKind.valueOf(row.getString("kind")) == AccountKind.MERCHANT_SHARD) {
            merchants.add(parent);
          }
          return parent;
        })
        .list();
    shards.replaceAll((parent, ids) -> List.copyOf(ids));
    loaded = new Loaded(Map.copyOf(shards), Set.copyOf(merchants));
    loadedAtMillis = generation.get() == seen ? now : Long.MIN_VALUE / 2;
  }
}
