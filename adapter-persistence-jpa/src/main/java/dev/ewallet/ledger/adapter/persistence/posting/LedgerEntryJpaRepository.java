package dev.ewallet.ledger.adapter.persistence.posting;

import java.util.List;
import java.util.UUID;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;

interface LedgerEntryJpaRepository extends Repository<LedgerEntryEntity, Long> {

  String ROW =
      "select new dev.ewallet.ledger.adapter.persistence.posting.EntryRow(e.id, e.transactionId, t.type,"
          + " e.accountId, a.currency, e.amount, e.balanceAfter, e.createdAt, e.hash)"
          + " from LedgerEntryEntity e"
          + " join JournalTransactionEntity t on t.id = e.transactionId"
          + " join AccountEntity a on a.id = e.accountId ";

  @Query(ROW + "where e.transactionId = :transactionId order by e.id")
  List<EntryRow> ofTransaction(@Param("transactionId") UUID transactionId);
}
