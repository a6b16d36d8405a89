package dev.ewallet.ledger.adapter.persistence;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

interface AccountJpaRepository extends JpaRepository<AccountEntity, Long> {

  List<AccountEntity> findByOwnerIdAndParentIdIsNullOrderByIdAsc(Long ownerId);

  List<AccountEntity> findByParentIdOrderByIdAsc(Long parentId);
}
