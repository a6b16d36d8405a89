package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.domain.account.AccountStatus;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

interface AccountJpaRepository extends JpaRepository<AccountEntity, Long> {

  List<AccountEntity> findByParentIdOrderByIdAsc(Long parentId);

  /** The owner's wallets that count against the limit: all but the closed ones. */
  long countByOwnerIdAndParentIdIsNullAndStatusNot(Long ownerId, AccountStatus status);

  /** Serializes account opening per owner until the current transaction ends. */
  @Query(
      value =
          "SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended('account-owner:' || :owner, 0))) l",
      nativeQuery = true)
  int lockOwner(@Param("owner") long owner);
}
