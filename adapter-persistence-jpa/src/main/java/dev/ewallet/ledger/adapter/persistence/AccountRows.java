package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.EntryHash;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * An account row read by SQL: the one column list every statement selects (on the table aliased
 * {@code a}), the one mapping of those columns to {@link Account}, for the posting path's reads and
 * the clients' alike, and the fragment that lists an account with its shards. The row locks read
 * accounts as JPA entities instead ({@code AccountEntity.toDomain}, ADR 0004); a column added to
 * the table is added to both.
 */
public final class AccountRows {

  /** The columns {@link #account} maps, of the {@code account} table aliased {@code a}. */
  public static final String COLUMNS =
      "a.id, a.owner_id, a.currency, a.kind, a.balance, a.created_at, a.parent_id, a.last_entry_at,"
          + " encode(a.last_hash, 'hex') AS last_hash, a.status";

  /**
   * Whether the account read ({@code a}) may have shards: a merchant or a system account, not one
   * of their shards. A one-time filter that spares a user's wallet the index probe for shards.
   */
  public static final String MAY_HAVE_SHARDS = "a.kind <> 'USER' AND a.parent_id IS NULL";

  /**
   * The account and its shards, when it is a merchant or a system account; {@code a} is the account
   * read.
   */
  public static final String WITH_SHARDS =
      "SELECT a.id, a.balance UNION ALL SELECT s.id, s.balance FROM account s WHERE "
          + MAY_HAVE_SHARDS
          + " AND s.parent_id = a.id";

  /**
   * The account's amounts beside its balance, as columns {@code held} (pending holds and
   * withdrawals) and {@code pending_in} (pending deposits); {@code a} is the account read.
   */
  public static final String HELD_AND_PENDING_IN =
      "(SELECT coalesce(sum(w.amount), 0) FROM withdrawal w"
          + "   WHERE w.account_id = a.id AND w.status = 'PENDING')"
          + " + (SELECT coalesce(sum(h.amount), 0) FROM hold h"
          + "   WHERE h.account_id = a.id AND h.status = 'PENDING') AS held,"
          + " (SELECT coalesce(sum(p.amount), 0) FROM pending_deposit p"
          + "   WHERE p.account_id = a.id AND p.status = 'PENDING') AS pending_in";

  private AccountRows() {}

  /** The account on the row's {@link #COLUMNS}, its invariants checked by the domain's factory. */
  public static Account account(ResultSet row) throws SQLException {
    return Account.rehydrate(
        row.getLong("id"),
        row.getObject("owner_id", Long.class),
        row.getString("currency"),
        AccountKind.valueOf(row.getString("kind")),
        row.getLong("balance"),
        SqlTypes.instant(row, "created_at"),
        row.getObject("parent_id", Long.class),
        SqlTypes.nullableInstant(row, "last_entry_at"),
        new EntryHash(row.getString("last_hash")),
        AccountStatus.valueOf(row.getString("status")));
  }
}
