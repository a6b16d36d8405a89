package dev.ewallet.ledger.adapter.persistence.posting;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.UUID;

/** An entry joined with its transaction's type and its account's currency, as JPQL projects it. */
record EntryRow(
    Long id,
    UUID transactionId,
    TransactionType type,
    Long accountId,
    String currency,
    long amount,
    long balanceAfter,
    Instant createdAt,
    byte[] hash) {

  LedgerEntry toDomain(JournalTransactionEntity transaction) {
    CurrencyCode code = CurrencyCode.of(currency);
    return new LedgerEntry(
        id,
        TransactionId.of(transactionId),
        type,
        AccountId.of(accountId),
        Money.of(amount, code),
        Money.of(balanceAfter, code),
        createdAt,
        transaction.details(),
        EntryHash.of(hash),
        transaction.detailsDigest(),
        transaction.detailsErased());
  }
}
