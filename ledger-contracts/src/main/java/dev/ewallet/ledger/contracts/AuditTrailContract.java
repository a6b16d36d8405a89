package dev.ewallet.ledger.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.audit.AuditEvent;
import dev.ewallet.ledger.domain.audit.AuditFilter;
import dev.ewallet.ledger.domain.audit.AuditRecord;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.AuditTrail;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link AuditTrail} must do. Each test uses its own actor and account ids, so a shared
 * database is fine.
 */
public abstract class AuditTrailContract {

  protected abstract AuditTrail trail();

  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

  private static AuditEvent event(String actor, Instant at, long account, int status, String code) {
    return new AuditEvent(
        at,
        actor,
        false,
        "jti-" + actor,
        "https://issuer",
        "127.0.0.1",
        "POST",
        "/v1/transfers",
        "key-" + at.toEpochMilli(),
        status,
        code,
        status == 201 ? TransactionId.random() : null,
        List.of(account, account + 1));
  }

  @Test
  void eventsAreAppendedAndReadBackNewestFirstWithEveryField() {
    String actor = "u" + LedgerFixtures.freshUserId();
    AuditEvent posted = event(actor, now, 10, 201, null);
    AuditEvent refused = event(actor, now.plusSeconds(1), 10, 422, "INSUFFICIENT_FUNDS");

    trail().append(List.of(posted, refused));

    List<AuditRecord> found = trail().find(new AuditFilter(null, actor, null, null), null, 10);
    assertThat(found).extracting(AuditRecord::event).containsExactly(refused, posted);
    assertThat(found.get(0).id()).isGreaterThan(found.get(1).id());
  }

  @Test
  void filtersCombineWithTheKeysetCursor() {
    String actor = "u" + LedgerFixtures.freshUserId();
    long account = LedgerFixtures.freshUserId();
    trail()
        .append(
            List.of(
                event(actor, now.minusSeconds(30), account, 201, null),
                event(actor, now.minusSeconds(20), account, 403, "FORBIDDEN"),
                event(actor, now.minusSeconds(10), account + 100, 201, null),
                event("someone-else", now.minusSeconds(5), account, 401, "UNAUTHENTICATED")));

    List<AuditRecord> ofAccount =
        trail().find(new AuditFilter(account, null, null, null), null, 10);
    assertThat(ofAccount).hasSize(3);
    List<AuditRecord> page = trail().find(new AuditFilter(account, actor, null, null), null, 1);
    assertThat(page).extracting(r -> r.event().status()).containsExactly(403);
    assertThat(trail().find(new AuditFilter(account, actor, null, null), page.get(0).id(), 10))
        .extracting(r -> r.event().status())
        .containsExactly(201);
    assertThat(
            trail()
                .find(
                    new AuditFilter(null, actor, now.minusSeconds(25), now.minusSeconds(10)),
                    null,
                    10))
        .extracting(r -> r.event().code())
        .containsExactly("FORBIDDEN");
  }
}
