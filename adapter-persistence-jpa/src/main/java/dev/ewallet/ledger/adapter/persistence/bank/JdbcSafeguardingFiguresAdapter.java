package dev.ewallet.ledger.adapter.persistence.bank;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck.StatementRef;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.SafeguardingFigures;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The safeguarding check's terms in one repeatable-read snapshot, each a sum PostgreSQL computes
 * over the rows: the customer accounts and hold accounts of the currency, the completed withdrawals
 * no statement line has been matched to, and the credits of end-of-day statements still unresolved.
 * Sums are {@code numeric} in the database and must fit a {@code bigint}, or the read fails rather
 * than wrapping.
 */
@Repository
class JdbcSafeguardingFiguresAdapter implements SafeguardingFigures {

  private final JdbcClient jdbc;
  private final TransactionTemplate snapshot;

  JdbcSafeguardingFiguresAdapter(JdbcClient jdbc, PlatformTransactionManager transactionManager) {
    this.jdbc = jdbc;
    this.snapshot = new TransactionTemplate(transactionManager);
    this.snapshot.setReadOnly(true);
    this.snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
  }

  @Override
  public SafeguardingCheck check(SafeguardingAccount account) {
    return snapshot.execute(status -> read(account));
  }

  private SafeguardingCheck read(SafeguardingAccount account) {
    CurrencyCode currency = account.currency();
    String number = account.number().value();
    Optional<Latest> latest =
        jdbc.sql(
                "SELECT id, message_id, statement_id, closing_balance FROM bank_statement"
                    + " WHERE account_number = ? AND currency = ? AND kind = 'END_OF_DAY'"
                    + " ORDER BY id DESC LIMIT 1")
            .params(number, currency.value())
            .query((row, n) ->
                new Latest(
                    new StatementRef(
                        row.getLong("id"),
                        row.getString("message_id"),
                        row.getString("statement_id")),
                    row.getLong("closing_balance")))
            .optional();
    long customers =
        sum(
            "SELECT coalesce(sum(balance), 0)::bigint FROM account"
                + " WHERE currency = ? AND kind IN ('USER', 'MERCHANT', 'MERCHANT_SHARD', 'SUSPENSE')",
            currency.value());
    long held =
        sum(
            "SELECT coalesce(sum(balance), 0)::bigint FROM account WHERE currency = ? AND kind = 'HOLD'",
            currency.value());
    long inTransit =
        sum(
            "SELECT coalesce(sum(w.amount), 0)::bigint FROM withdrawal w"
                + " WHERE w.currency = ? AND w.status = 'COMPLETED' AND NOT EXISTS ("
                + "  SELECT 1 FROM bank_line_resolution r"
                + "  WHERE r.withdrawal_id = w.id AND r.status = 'MATCHED')",
            currency.value());
    long unposted =
        sum(
            "SELECT coalesce(sum(l.amount), 0)::bigint FROM bank_statement_line l"
                + " JOIN bank_statement s ON s.id = l.statement_id"
                + " WHERE s.account_number = ? AND s.currency = ? AND s.kind = 'END_OF_DAY'"
                + " AND l.direction = 'CREDIT'"
                + " AND NOT EXISTS (SELECT 1 FROM bank_line_resolution r WHERE r.line_id = l.id)",
            number,
            currency.value());
    return new SafeguardingCheck(
        currency,
        account,
        latest.map(Latest::statement).orElse(null),
        latest.map(l -> Money.of(l.closing(), currency)).orElse(null),
        Money.of(customers, currency),
        Money.of(held, currency),
        Money.of(inTransit, currency),
        Money.of(unposted, currency));
  }

  private long sum(String sql, Object... params) {
    return jdbc.sql(sql).params(params).query(Long.class).single();
  }

  private record Latest(StatementRef statement, long closing) {}
}
