package dev.ewallet.ledger.adapter.persistence.monitor;

import dev.ewallet.ledger.adapter.persistence.AccountRows;
import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import dev.ewallet.ledger.domain.monitor.MonitorOperator;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Balance monitors in {@code balance_monitor}. The posting path's read is one index probe per batch
 * ({@code balance_monitor_by_account}), which finds nothing for accounts without monitors; the held
 * and pending amounts are summed only for accounts with a monitor on them, by the same expressions
 * as account reads ({@link AccountRows#HELD_AND_PENDING_IN}).
 */
@Repository
class JdbcBalanceMonitorRepositoryAdapter implements BalanceMonitorRepository {

  private static final String COLUMNS =
      "id, account_id, field, operator, value, condition_met, created_by, created_at";

  private static final String INSERT =
      "INSERT INTO balance_monitor (account_id, field, operator, value, condition_met,"
          + " created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING "
          + COLUMNS;

  private static final String OF_ACCOUNTS =
      "SELECT " + COLUMNS + " FROM balance_monitor WHERE account_id = ANY (?) ORDER BY id";

  private static final String AMOUNTS_BESIDE_BALANCE =
      "SELECT a.id, a.currency, "
          + AccountRows.HELD_AND_PENDING_IN
          + " FROM account a WHERE a.id = ANY (?)";

  private static final String STORE_STATES =
      "UPDATE balance_monitor m SET condition_met = v.met"
          + " FROM unnest(?::bigint[], ?::boolean[]) AS v(id, met) WHERE m.id = v.id";

  private static final String DELETE =
      "DELETE FROM balance_monitor WHERE account_id = ? AND id = ?";

  private final JdbcClient jdbc;

  JdbcBalanceMonitorRepositoryAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public BalanceMonitor insert(
      AccountId accountId,
      MonitorCondition condition,
      boolean conditionMet,
      long createdBy,
      Instant createdAt) {
    return jdbc.sql(INSERT)
        .params(
            accountId.value(),
            condition.field().wireName(),
            condition.operator().symbol(),
            condition.value(),
            conditionMet,
            createdBy,
            SqlTypes.timestamp(createdAt))
        .query((row, n) -> monitor(row))
        .single();
  }

  @Override
  public List<BalanceMonitor> ofAccounts(Collection<AccountId> accountIds) {
    long[] ids = accountIds.stream().mapToLong(AccountId::value).toArray();
    return jdbc.sql(OF_ACCOUNTS).param(ids).query((row, n) -> monitor(row)).list();
  }

  @Override
  public Map<AccountId, AmountsBesideBalance> amountsBesideBalance(
      Collection<AccountId> accountIds) {
    long[] ids = accountIds.stream().mapToLong(AccountId::value).toArray();
    Map<AccountId, AmountsBesideBalance> amounts = HashMap.newHashMap(ids.length);
    jdbc.sql(AMOUNTS_BESIDE_BALANCE)
        .param(ids)
        .query(row -> {
          CurrencyCode currency = CurrencyCode.of(row.getString("currency"));
          amounts.put(
              AccountId.of(row.getLong("id")),
              new AmountsBesideBalance(
                  Money.of(row.getLong("held"), currency),
                  Money.of(row.getLong("pending_in"), currency)));
        });
    return amounts;
  }

  @Override
  public void storeStates(List<BalanceMonitor> monitors) {
    long[] ids = new long[monitors.size()];
    boolean[] met = new boolean[monitors.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = monitors.get(i).id();
      met[i] = monitors.get(i).conditionMet();
    }
    jdbc.sql(STORE_STATES).params(ids, met).update();
  }

  @Override
  public boolean delete(AccountId accountId, long monitorId) {
    return jdbc.sql(DELETE).params(accountId.value(), monitorId).update() == 1;
  }

  private static BalanceMonitor monitor(ResultSet row) throws SQLException {
    return new BalanceMonitor(
        row.getLong("id"),
        AccountId.of(row.getLong("account_id")),
        new MonitorCondition(
            MonitorField.fromWire(row.getString("field")),
            MonitorOperator.fromSymbol(row.getString("operator")),
            row.getLong("value")),
        row.getBoolean("condition_met"),
        row.getLong("created_by"),
        SqlTypes.instant(row, "created_at"));
  }
}
