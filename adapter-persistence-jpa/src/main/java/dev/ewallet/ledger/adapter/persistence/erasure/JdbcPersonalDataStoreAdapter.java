package dev.ewallet.ledger.adapter.persistence.erasure;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.journal.DetailsErasure;
import dev.ewallet.ledger.domain.port.out.PersonalDataStore;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Erasure in PostgreSQL. The journal's trigger (changeset 030) lets a transaction's description,
 * operator's reason and metadata values become {@code [erased]} once, with {@code
 * details_erased_at}, and refuses every other edit, so this adapter cannot do more than erase. The
 * transactions are found account by account through their entries, in chunks along the entries'
 * primary key, each its own database transaction, so a user with a long history never holds locks
 * for long and the work stays linear in it; a crash part way leaves the rest for the next erasure
 * of the user, which takes only what is left.
 */
@Repository
class JdbcPersonalDataStoreAdapter implements PersonalDataStore {

  /** Entries read, and their transactions erased, per statement. */
  static final int CHUNK = 1_000;

  /** The user's accounts, and the shards of the user's merchants. */
  private static final String MINE =
      "SELECT id FROM account WHERE owner_id = ? UNION SELECT s.id FROM account s"
          + " JOIN account m ON m.id = s.parent_id WHERE m.owner_id = ?";

  /**
   * The transactions of an account's next entries in chain order after a position (the primary
   * key's range), erased unless erased before or without anything to erase; answers how many it
   * erased, how many entries it read and the last one's position (no row when none was left).
   */
  private static final String ERASE_CHUNK =
      "WITH chunk AS (SELECT e.transaction_id, e.created_at, e.id FROM ledger_entry e"
          + " WHERE e.account_id = ? AND (e.created_at, e.id) > (?, ?)"
          + " ORDER BY e.created_at, e.id LIMIT ?),"
          + " erased AS (UPDATE journal_transaction t"
          + " SET description = ledger_erased_text(t.description),"
          + " reason = ledger_erased_text(t.reason),"
          + " metadata = ledger_erased_metadata(t.metadata), details_erased_at = ?"
          + " FROM (SELECT DISTINCT transaction_id FROM chunk) c"
          + " WHERE t.id = c.transaction_id AND t.details_erased_at IS NULL"
          + " AND (t.description IS NOT NULL OR t.metadata IS NOT NULL OR t.reason IS NOT NULL)"
          + " RETURNING 1)"
          + " SELECT (SELECT count(*) FROM erased) AS erased, (SELECT count(*) FROM chunk) AS seen,"
          + " last.created_at, last.id FROM (SELECT created_at, id FROM chunk"
          + " ORDER BY created_at DESC, id DESC LIMIT 1) last";

  /** Where an account's entries have been read to, and what reading them erased. */
  private record Chunk(long erased, long seen, OffsetDateTime lastAt, long lastId) {}

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
    for (long account : jdbc.sql(MINE).params(userId, userId).query(Long.class).list()) {
      transactions += eraseTransactionsOf(account, at);
    }
    int pendingDeposits = jdbc.sql(ERASE_PENDING_DEPOSITS).params(userId, userId).update();
    int schedules =
        jdbc.sql(ERASE_SCHEDULES).params(userId, userId, userId, userId, userId).update();
    jdbc.sql(RECORD)
        .params(
            userId, requestedBy, SqlTypes.timestamp(at), transactions, pendingDeposits, schedules)
        .update();
    return new DetailsErasure(userId, requestedBy, at, transactions, pendingDeposits, schedules);
  }

  /**
   * The account's entries read oldest first, {@link #CHUNK} a statement, each its own database
   * transaction: linear in the account's entries, however long its history.
   */
  private int eraseTransactionsOf(long account, Instant at) {
    int erased = 0;
    Chunk chunk = new Chunk(0, 0, SqlTypes.timestamp(Instant.EPOCH), 0);
    do {
      chunk =
          jdbc.sql(ERASE_CHUNK)
              .params(account, chunk.lastAt(), chunk.lastId(), CHUNK, SqlTypes.timestamp(at))
              .query((row, n) ->
                  new Chunk(
                      row.getLong("erased"),
                      row.getLong("seen"),
                      row.getObject("created_at", OffsetDateTime.class),
                      row.getLong("id")))
              .optional()
              .orElse(new Chunk(0, 0, null, 0));
      erased += (int) chunk.erased();
    } while (chunk.seen() == CHUNK);
    return erased;
  }
}
