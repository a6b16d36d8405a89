package dev.ewallet.ledger.adapter.persistence.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch.Kind;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Entries cannot be edited, but a buggy writer could still append one whose balance_after does not
 * follow from the previous one; reconciliation must point at the first such entry.
 */
class BalanceChainIT extends PersistenceIntegrationTest {

  @Autowired JdbcClient jdbc;
  @Autowired LedgerAudit audit;

  @Test
  void theFirstEntryThatBreaksAnAccountsChainIsReported() {
    long wallet =
        jdbc.sql(
                "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at)"
                    + " VALUES (43, 'SEK', 'USER', 150, false, now()) RETURNING id")
            .query(Long.class)
            .single();
    UUID transaction = UUID.randomUUID();
    jdbc.sql(
            "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                + " request_fingerprint, created_at) VALUES (?, 'DEPOSIT', 1, ?, ?, now())")
        .params(transaction, "chain-" + transaction, "0".repeat(64))
        .update();
    String entry =
        "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after, created_at,"
            + " hash, kind) VALUES (?, ?, ?, ?, now(), sha256(gen_random_uuid()::text::bytea), 2)"
            + " RETURNING id";
    jdbc.sql(entry).params(transaction, wallet, 100, 100).query(Long.class).single();
    long broken = jdbc.sql(entry).params(transaction, wallet, 50, 120).query(Long.class).single();

    assertThat(audit.accountMismatches(1_000))
        .filteredOn(m -> m.accountId() == wallet)
        .singleElement()
        .satisfies(m -> {
          assertThat(m.kind()).isEqualTo(Kind.BALANCE_AFTER_CHAIN_BROKEN);
          assertThat(m.entryId()).isEqualTo(broken);
          assertThat(m.expectedMinor()).isEqualTo(150);
          assertThat(m.actualMinor()).isEqualTo(120);
        });
  }
}
