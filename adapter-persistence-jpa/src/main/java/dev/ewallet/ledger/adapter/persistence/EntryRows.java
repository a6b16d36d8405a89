package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

/** An entry row joined with its transaction ({@code e} and {@code t}), read into the domain's. */
public final class EntryRows {

  /** What {@link #entry} reads of the digest and erasure of the transaction {@code t}. */
  public static final String DETAILS_SEAL =
      "encode(t.details_digest, 'hex') AS details_digest,"
          + " t.details_erased_at IS NOT NULL AS details_erased";

  /**
   * The columns {@link #entry} reads, from {@code ledger_entry e} and {@code journal_transaction
   * t}.
   */
  public static final String COLUMNS =
      "e.id AS entry_id, e.transaction_id, t.type, e.account_id AS entry_account_id, e.amount,"
          + " e.balance_after, e.created_at AS entry_created_at, encode(e.hash, 'hex') AS hash,"
          + " t.reference, t.description, t.metadata::text AS metadata, "
          + DETAILS_SEAL;

  private EntryRows() {}

  public static LedgerEntry entry(ResultSet row, CurrencyCode currency) throws SQLException {
    return new LedgerEntry(
        row.getLong("entry_id"),
        TransactionId.of(row.getObject("transaction_id", UUID.class)),
        TransactionType.valueOf(row.getString("type")),
        AccountId.of(row.getLong("entry_account_id")),
        Money.of(row.getLong("amount"), currency),
        Money.of(row.getLong("balance_after"), currency),
        SqlTypes.instant(row, "entry_created_at"),
        MetadataJson.details(
            row.getString("reference"), row.getString("description"), row.getString("metadata")),
        new EntryHash(row.getString("hash")),
        row.getString("details_digest") == null
            ? null
            : new DetailsDigest(row.getString("details_digest")),
        row.getBoolean("details_erased"));
  }
}
