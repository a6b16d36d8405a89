package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
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

  TransactionTemplateUnitOfWorkAdapter(PlatformTransactionManager transactionManager) {
    this.template = new TransactionTemplate(transactionManager);
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
