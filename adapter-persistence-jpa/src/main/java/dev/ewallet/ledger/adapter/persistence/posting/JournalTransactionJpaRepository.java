package dev.ewallet.ledger.adapter.persistence.posting;

import java.util.Optional;
import java.util.UUID;
import org.springframework.data.repository.Repository;

interface JournalTransactionJpaRepository extends Repository<JournalTransactionEntity, UUID> {

  Optional<JournalTransactionEntity> findById(UUID id);

  Optional<JournalTransactionEntity> findByReversalOf(UUID reversalOf);
}
