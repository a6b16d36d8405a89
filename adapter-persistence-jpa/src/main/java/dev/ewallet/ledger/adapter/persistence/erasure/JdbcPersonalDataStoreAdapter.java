package dev.ewallet.ledger.adapter.persistence.erasure;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.journal.DetailsErasure;
import dev.ewallet.ledger.domain.port.out.PersonalDataStore;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Erasure in PostgreSQL. The journal's trigger (changeset 030) lets a transaction's description,
 * operator's reason and metadata values become {@code [erased]} once, with {@code
 * details_erased_at}, and refuses every other edit, so this adapter cannot do more than erase. The
 * transactions go in chunks, each its own database transaction, so a user with a long history never
 * holds locks for long; a crash part way leaves the rest for the next erasure of the user, which
 * takes only what is left.
 */
@Repository
class JdbcPersonalDataStoreAdapter implements PersonalDataStore {

  /** Transactions erased per statement. */
  static final int CHUNK = 1_000;

  /** The user's accounts, and the shards of the user's merchants. */
  private static final String MINE =
      "SELECT id FROM account WHERE owner_id = ? UNION ALL SELECT s.id FROM account s"
          + " JOIN account m ON m.id = s.parent_id WHERE m.owner_id = ?";

  private static final String ERASE_TRANSACTIONS =
      "WITH todo AS (SELECT DISTINCT t.id FROM ledger_entry e"
          + " JOIN journal_transaction t ON t.id = e.transaction_id"
          + " WHERE e.account_id IN ("
          + MINE
          + ") AND t.details_erased_at IS NULL"
          + " AND (t.description IS NOT NULL OR t.metadata IS NOT NULL OR t.reason IS NOT NULL)"
          + " LIMIT ?)"
          + " UPDATE journal_transaction t SET description = ledger_erased_text(t.description),"
          + " reason = ledger_erased_text(t.reason),"
          + " metadata = ledger_erased_metadata(t.metadata), details_erased_at = ?"
          + " FROM todo WHERE t.id = todo.id";

  /** Description and metadata values of the given table's rows that match, not yet erased. */
  private static String eraseDetails(String table, String rows) {
    return "UPDATE "
        + table
        + " SET description = ledger_erased_text(description),"
        + " metadata = ledger_erased_metadata(metadata) WHERE ("
        + rows
        + ") AND (description <> '[erased]'"
        + " OR metadata IS DISTINCT FROM ledger_erased_metadata(metadata))";
  }

  private static final String ERASE_PENDING_DEPOSITS =
      eraseDetails("pending_deposit", "account_id IN (" + MINE + ")");

  private static final String ERASE_SCHEDULES =
      eraseDetails(
          "scheduled_transfer",
          "owner_id = ? OR from_account IN (" + MINE + ") OR to_account IN (" + MINE + ")");

  private static final String RECORD =
      "INSERT INTO personal_data_erasure (user_id, requested_by, erased_at, transactions,"
          + " pending_deposits, scheduled_transfers) VALUES (?, ?, ?, ?, ?, ?)";

  private final JdbcClient jdbc;

  JdbcPersonalDataStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public DetailsErasure eraseDetailsOf(long userId, long requestedBy, Instant at) {
    int transactions = 0;
    int chunk;
    do {
      chunk =
          jdbc.sql(ERASE_TRANSACTIONS)
              .params(userId, userId, CHUNK, SqlTypes.timestamp(at))
              .update();
      transactions += chunk;
    } while (chunk == CHUNK);
    int pendingDeposits = jdbc.sql(ERASE_PENDING_DEPOSITS).params(userId, userId).update();
    int schedules =
        jdbc.sql(ERASE_SCHEDULES).params(userId, userId, userId, userId, userId).update();
    jdbc.sql(RECORD)
        .params(
            userId, requestedBy, SqlTypes.timestamp(at), transactions, pendingDeposits, schedules)
        .update();
    return new DetailsErasure(userId, requestedBy, at, transactions, pendingDeposits, schedules);
  }
}
