package dev.ewallet.ledger.adapter.persistence;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;

/** Holds and withdrawals as JPA reads them; {@link RowLocks} locks them. */
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
}
