package dev.ewallet.ledger.adapter.persistence.erasure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.journal.DetailsErasure;
import dev.ewallet.ledger.domain.port.out.PersonalDataStore;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Erasure by the service's role on PostgreSQL, through more entries than one chunk reads: every
 * transaction of the user's accounts (a merchant's shard included) is erased once, however many
 * chunks its entries span and whichever of the user's accounts they are on, and nobody else's is.
 */
class PersonalDataStoreIT extends PersistenceIntegrationTest {

  @Autowired PersonalDataStore store;

  private final JdbcClient owner = JdbcClient.create(PostgresTestDatabase.owner());

  private long account(Long ownerId, String kind, Long parent, Integer shard) {
    return owner
        .sql(
            "INSERT INTO account (owner_id, currency, kind, balance, allow_negative, created_at,"
                + " last_entry_at, parent_id, shard_no) VALUES (?, 'ISK', ?, 0, true, now(),"
                + " now(), ?, ?) RETURNING id")
        .params(ownerId, kind, parent, shard)
        .query(Long.class)
        .single();
  }

  /**
   * {@code count} transfers from {@code from} to {@code to}, one a millisecond apart from now, each
   * described (every third with metadata, every fifth with a reason), as the posting path writes
   * them.
   */
  private void transfers(long from, long to, int count, String tag) {
    owner
        .sql(
            "INSERT INTO journal_transaction (id, type, principal_id, idempotency_key,"
                + " request_fingerprint, created_at, description, metadata, reason)"
                + " SELECT md5(? || g)::uuid, 'TRANSFER', 0, ? || g, repeat('0', 64),"
                + " now() + g * interval '1 millisecond', 'note ' || ? || g,"
                + " CASE WHEN g % 3 = 0 THEN jsonb_build_object('who', ? || g) END,"
                + " CASE WHEN g % 5 = 0 THEN 'why ' || ? END"
                + " FROM generate_series(1, ?) g")
        .params(tag, tag, tag, tag, tag, count)
        .update();
    owner
        .sql(
            "INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after,"
                + " created_at, hash, kind)"
                + " SELECT md5(? || g)::uuid, a.id, a.amount, 0,"
                + " now() + g * interval '1 millisecond', sha256(gen_random_uuid()::text::bytea),"
                + " 2 + (a.amount < 0)::int"
                + " FROM generate_series(1, ?) g CROSS JOIN (VALUES (?::bigint, -1), (?::bigint, 1))"
                + " AS a(id, amount)")
        .params(tag, count, from, to)
        .update();
  }

  private long left(String tag) {
    return owner
        .sql(
            "SELECT count(*) FROM journal_transaction WHERE idempotency_key LIKE ? || '%'"
                + " AND (description <> '[erased]' OR reason <> '[erased]'"
                + " OR metadata::text NOT LIKE '%[erased]%' OR details_erased_at IS NULL)")
        .param(tag)
        .query(Long.class)
        .single();
  }

  @Test
  void everyTransactionOfEveryAccountIsErasedOnceThroughManyChunks() {
    long user = ThreadLocalRandom.current().nextLong(1_000_000, Long.MAX_VALUE / 2);
    long stranger = user + 1;
    long wallet = account(user, "USER", null, null);
    long merchant = account(user, "MERCHANT", null, null);
    long shard = account(null, "MERCHANT_SHARD", merchant, 0);
    long other = account(stranger, "USER", null, null);
    String mine = "erase-" + user + "-";
    String between = "between-" + user + "-";
    String theirs = "keep-" + user + "-";
    int chunkAndABit = JdbcPersonalDataStoreAdapter.CHUNK + 250;
    transfers(wallet, other, chunkAndABit, mine);
    transfers(wallet, shard, 300, between);
    transfers(other, account(stranger, "USER", null, null), 40, theirs);
    Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);

    DetailsErasure erased = store.eraseDetailsOf(user, 1, at);

    assertThat(erased.transactions()).isEqualTo(chunkAndABit + 300);
    assertThat(left(mine)).isZero();
    assertThat(left(between)).isZero();
    assertThat(left(theirs)).isEqualTo(40);
    assertThat(store.eraseDetailsOf(user, 1, at.plusSeconds(1)).transactions()).isZero();
  }
}
