package dev.ewallet.ledger.adapter.persistence.posting;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;
import org.hibernate.query.SelectionQuery;
import org.springframework.stereotype.Component;

/**
 * The posting path's row locks, for every table it locks: {@code PESSIMISTIC_WRITE} (on PostgreSQL
 * {@code FOR NO KEY UPDATE}, which leaves the journal's foreign-key checks unblocked), all of a
 * batch's rows in one statement, in ascending id order, read-only (the rows change through the
 * set-based writes that follow).
 *
 * <p>The ids are bound as a list. A Spring Data query method binds a collection with JPA's {@code
 * setParameter}, for which Hibernate first tries to read the whole collection as one id and answers
 * that try with an exception whose message prints the collection: one exception per batch, and the
 * lock query the posting path's costliest step (docs/benchmarks/log.md).
 */
@Component
class RowLocks {

  private final EntityManager entityManager;

  RowLocks(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  /** Locks the rows of {@code entity} with these ids, in id order, and returns them. */
  <E> List<E> lockInIdOrder(Class<E> entity, Collection<?> ids) {
    String query = "FROM " + entity.getSimpleName() + " e WHERE e.id IN :ids ORDER BY e.id";
    @SuppressWarnings("unchecked")
    SelectionQuery<E> locking =
        entityManager
            .createQuery(query, entity)
            .setLockMode(LockModeType.PESSIMISTIC_WRITE)
            .unwrap(SelectionQuery.class);
    return locking.setReadOnly(true).setParameterList("ids", ids).getResultList();
  }
}
