package dev.ewallet.ledger.adapter.persistence;

import static org.hibernate.jpa.HibernateHints.HINT_READ_ONLY;

import jakarta.persistence.LockModeType;
import jakarta.persistence.QueryHint;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.jpa.repository.QueryHints;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;

/**
 * Holds and withdrawals as JPA reads them. The locks are {@code PESSIMISTIC_WRITE} (on PostgreSQL
 * {@code FOR NO KEY UPDATE}), one statement per batch, in id order, taken after the accounts.
 */
interface BankFlowJpaRepository extends Repository<HoldEntity, UUID> {

  @Query("SELECT h FROM HoldEntity h WHERE h.id = :id")
  Optional<HoldEntity> findHold(@Param("id") UUID id);

  @Query("SELECT w FROM WithdrawalEntity w WHERE w.id = :id")
  Optional<WithdrawalEntity> findWithdrawal(@Param("id") UUID id);

  /** Pending withdrawals the bank was never noted as asked about, oldest first. */
  @Query(
      "SELECT w FROM WithdrawalEntity w"
          + " WHERE w.status = dev.ewallet.ledger.domain.bankflow.WithdrawalStatus.PENDING"
          + " AND w.payoutRequestedAt IS NULL AND w.createdAt < :before ORDER BY w.createdAt")
  List<WithdrawalEntity> findUnrequestedPayouts(@Param("before") Instant before, Limit limit);

  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @QueryHints(@QueryHint(name = HINT_READ_ONLY, value = "true"))
  @Query("SELECT h FROM HoldEntity h WHERE h.id IN :ids ORDER BY h.id")
  List<HoldEntity> lockHolds(@Param("ids") Collection<UUID> ids);

  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @QueryHints(@QueryHint(name = HINT_READ_ONLY, value = "true"))
  @Query("SELECT w FROM WithdrawalEntity w WHERE w.id IN :ids ORDER BY w.id")
  List<WithdrawalEntity> lockWithdrawals(@Param("ids") Collection<UUID> ids);
}
