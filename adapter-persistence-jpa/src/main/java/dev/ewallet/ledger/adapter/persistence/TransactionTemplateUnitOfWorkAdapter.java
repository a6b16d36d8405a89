package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A unit of work is one database transaction. Locks are always taken in ascending account id, so
 * the posting flow cannot deadlock with itself; a deadlock or serialization failure can still come
 * from elsewhere (an operator's SQL, a future flow), and the work is then run again, because the
 * rollback left nothing behind and the idempotency claim makes a rerun safe.
 */
@Component
class TransactionTemplateUnitOfWorkAdapter implements UnitOfWork {

  static final int MAX_ATTEMPTS = 3;

  private static final Logger LOG =
      LoggerFactory.getLogger(TransactionTemplateUnitOfWorkAdapter.class);

  private final TransactionTemplate template;

  /**
   * Units of work are plain JDBC (every statement of the posting path and the relay is SQL through
   * {@code JdbcClient}), so they run on a {@link DataSourceTransactionManager} rather than the JPA
   * one: no entity manager is opened and closed around each posting, which the hot path would pay
   * for and never use. JPA reads and account opening run outside units of work.
   */
  TransactionTemplateUnitOfWorkAdapter(DataSource dataSource) {
    this.template = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
  }

  @Override
  public <T> T inTransaction(Supplier<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return template.execute(status -> work.get());
      } catch (ConcurrencyFailureException conflict) {
        if (attempt == MAX_ATTEMPTS) {
          throw conflict;
        }
        LOG.warn(
            "transient conflict, attempt {} of {}: {}",
            attempt,
            MAX_ATTEMPTS,
            conflict.getMessage());
      }
    }
  }
}
