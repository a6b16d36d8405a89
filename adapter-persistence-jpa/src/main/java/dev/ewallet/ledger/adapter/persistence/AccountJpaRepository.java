package dev.ewallet.ledger.adapter.persistence;

import static org.hibernate.jpa.HibernateHints.HINT_READ_ONLY;

import jakarta.persistence.LockModeType;
import jakarta.persistence.QueryHint;
import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.jpa.repository.QueryHints;
import org.springframework.data.repository.query.Param;

interface AccountJpaRepository extends JpaRepository<AccountEntity, Long> {

  /**
   * Locks the accounts with {@code PESSIMISTIC_WRITE} (on PostgreSQL {@code FOR NO KEY UPDATE},
   * which leaves the journal's foreign-key checks unblocked), in ascending id order, in one
   * statement. Read-only: balances change through the posting path's set-based update.
   */
  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @QueryHints(@QueryHint(name = HINT_READ_ONLY, value = "true"))
  @Query("SELECT a FROM AccountEntity a WHERE a.id IN :ids ORDER BY a.id")
  List<AccountEntity> lockInIdOrder(@Param("ids") Collection<Long> ids);

  List<AccountEntity> findByOwnerIdAndParentIdIsNullOrderByIdAsc(Long ownerId);

  List<AccountEntity> findByParentIdOrderByIdAsc(Long parentId);

  long countByOwnerIdAndParentIdIsNull(Long ownerId);

  /** Serializes account opening per owner until the current transaction ends. */
  @Query(
      value =
          "SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended('account-owner:' || :owner, 0))) l",
      nativeQuery = true)
  int lockOwner(@Param("owner") long owner);
}
