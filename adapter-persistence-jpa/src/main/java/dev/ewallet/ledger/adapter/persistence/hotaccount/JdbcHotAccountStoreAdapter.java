package dev.ewallet.ledger.adapter.persistence.hotaccount;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Splitting policies in {@code hot_account_policy}, decisions in {@code hot_account_decision}
 * (append-only: a trigger refuses updates and deletes).
 */
@Repository
class JdbcHotAccountStoreAdapter implements HotAccountStore {

  private static final String COLUMNS =
      "id, account_id, action, shards_before, shards_after, measured_row, postings_per_second,"
          + " threshold, decided_by, decided_at";

  private final JdbcClient jdbc;

  JdbcHotAccountStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<SplittingPolicy> policy(AccountId merchant) {
    return jdbc.sql("SELECT splitting FROM hot_account_policy WHERE account_id = ?")
        .param(merchant.value())
        .query((row, n) -> SplittingPolicy.valueOf(row.getString("splitting")))
        .optional();
  }

  @Override
  public void setPolicy(AccountId merchant, SplittingPolicy policy) {
    jdbc.sql(
            "INSERT INTO hot_account_policy (account_id, splitting) VALUES (?, ?)"
                + " ON CONFLICT (account_id) DO UPDATE SET splitting = excluded.splitting")
        .params(merchant.value(), policy.name())
        .update();
  }

  @Override
  public HotAccountDecision append(HotAccountDecision decision) {
    return jdbc.sql(
            "INSERT INTO hot_account_decision (account_id, action, shards_before, shards_after,"
                + " measured_row, postings_per_second, threshold, decided_by, decided_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING "
                + COLUMNS)
        .params(
            decision.merchant().value(),
            decision.action().name(),
            decision.shardsBefore(),
            decision.shardsAfter(),
            decision.measuredRow() == null ? null : decision.measuredRow().value(),
            decision.postingsPerSecond(),
            decision.threshold(),
            decision.decidedBy(),
            SqlTypes.timestamp(decision.decidedAt()))
        .query((row, n) -> decision(row))
        .single();
  }

  @Override
  public List<HotAccountDecision> decisions(Long beforeId, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM hot_account_decision WHERE id < ? ORDER BY id DESC LIMIT ?")
        .params(beforeId == null ? Long.MAX_VALUE : beforeId, limit)
        .query((row, n) -> decision(row))
        .list();
  }

  private static HotAccountDecision decision(ResultSet row) throws SQLException {
    Long measured = row.getObject("measured_row", Long.class);
    return new HotAccountDecision(
        row.getLong("id"),
        AccountId.of(row.getLong("account_id")),
        HotAccountDecision.Action.valueOf(row.getString("action")),
        row.getInt("shards_before"),
        row.getInt("shards_after"),
        measured == null ? null : AccountId.of(measured),
        row.getLong("postings_per_second"),
        row.getLong("threshold"),
        row.getObject("decided_by", Long.class),
        SqlTypes.instant(row, "decided_at"));
  }
}
