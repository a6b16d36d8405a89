package dev.ewallet.ledger.adapter.persistence.posting;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

interface AccountJpaRepository extends JpaRepository<AccountEntity, Long> {

  List<AccountEntity> findByParentIdOrderByIdAsc(Long parentId);

  long countByOwnerIdAndParentIdIsNull(Long ownerId);

  /** Serializes account opening per owner until the current transaction ends. */
  @Query(
      value =
          "SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended('account-owner:' || :owner, 0))) l",
      nativeQuery = true)
  int lockOwner(@Param("owner") long owner);
}
