package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The rows of outgoing limits ({@code account_limit}) and of what each wallet has sent in a day and
 * a month ({@code outgoing_usage}), read and written by the posting path with the wallets locked.
 */
final class OutgoingLimitRows {

  private static final String OUTGOING =
      "SELECT a.id, l.daily_out, l.monthly_out, coalesce(d.used, 0) AS day_used,"
          + " coalesce(m.used, 0) AS month_used"
          + " FROM unnest(?::bigint[]) AS a(id)"
          + " LEFT JOIN account_limit l ON l.account_id = a.id"
          + " LEFT JOIN outgoing_usage d"
          + "  ON d.account_id = a.id AND d.period = 'D' AND d.starts = ?::date"
          + " LEFT JOIN outgoing_usage m"
          + "  ON m.account_id = a.id AND m.period = 'M' AND m.starts = ?::date"
          + " WHERE l.account_id IS NOT NULL OR d.account_id IS NOT NULL OR m.account_id IS NOT NULL";

  /** Whole amounts: the rows are written with their wallets locked, never concurrently. */
  private static final String RECORD_OUTGOING =
      "INSERT INTO outgoing_usage (account_id, period, starts, used)"
          + " SELECT v.id, v.period, v.starts::date, v.used"
          + " FROM unnest(?::bigint[], ?::text[], ?::text[], ?::bigint[]) AS v(id, period, starts, used)"
          + " ON CONFLICT (account_id, period, starts) DO UPDATE SET used = EXCLUDED.used";

  private static final String SET_LIMITS =
      "INSERT INTO account_limit (account_id, daily_out, monthly_out, changed_by, changed_at)"
          + " VALUES (?, ?, ?, ?, ?)"
          + " ON CONFLICT (account_id) DO UPDATE SET daily_out = EXCLUDED.daily_out,"
          + " monthly_out = EXCLUDED.monthly_out, changed_by = EXCLUDED.changed_by,"
          + " changed_at = EXCLUDED.changed_at";

  private final JdbcClient jdbc;

  OutgoingLimitRows(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The limits and this day's and month's usage of those of the accounts that have any. */
  Map<AccountId, OutgoingUsage> usage(Collection<AccountId> ids, LocalDate day) {
    Map<AccountId, OutgoingUsage> found = new HashMap<>();
    jdbc.sql(OUTGOING)
        .params(
            ids.stream().mapToLong(AccountId::value).toArray(),
            day.toString(),
            day.withDayOfMonth(1).toString())
        .query(
            (RowCallbackHandler)
                row ->
                    found.put(
                        AccountId.of(row.getLong("id")),
                        new OutgoingUsage(
                            row.getObject("daily_out", Long.class),
                            row.getObject("monthly_out", Long.class),
                            row.getLong("day_used"),
                            row.getLong("month_used"))));
    return found;
  }

  /** The day's and month's usage after a batch, of accounts locked by it. */
  void record(Map<AccountId, OutgoingAllowance> used, LocalDate day) {
    List<Long> ids = new ArrayList<>();
    List<String> periods = new ArrayList<>();
    List<String> starts = new ArrayList<>();
    List<Long> amounts = new ArrayList<>();
    used.forEach((id, allowance) -> {
      ids.add(id.value());
      periods.add("D");
      starts.add(day.toString());
      amounts.add(allowance.dailyUsed());
      ids.add(id.value());
      periods.add("M");
      starts.add(day.withDayOfMonth(1).toString());
      amounts.add(allowance.monthlyUsed());
    });
    jdbc.sql(RECORD_OUTGOING)
        .params(
            ids.stream().mapToLong(Long::longValue).toArray(),
            periods.toArray(String[]::new),
            starts.toArray(String[]::new),
            amounts.stream().mapToLong(Long::longValue).toArray())
        .update();
  }

  /** An account's outgoing limits, replaced. */
  void set(AccountId id, Long dailyOut, Long monthlyOut, long changedBy, Instant changedAt) {
    jdbc.sql(SET_LIMITS)
        .params(id.value(), dailyOut, monthlyOut, changedBy, SqlTypes.timestamp(changedAt))
        .update();
  }
}
