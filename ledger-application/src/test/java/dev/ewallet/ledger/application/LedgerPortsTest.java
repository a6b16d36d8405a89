package dev.ewallet.ledger.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.InMemoryRateLimiter;
import dev.ewallet.ledger.testkit.RecordingBank;
import dev.ewallet.ledger.testkit.RecordingPublisher;
import dev.ewallet.ledger.testkit.TestClock;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LedgerPortsTest {

  private final InMemoryLedger storage = InMemoryLedger.create();

  private LedgerPorts.Builder everyPortButTheBank() {
    return LedgerPorts.builder()
        .accounts(storage.accounts())
        .journal(storage.journal())
        .outboxAndStore(storage.outbox())
        .audit(storage.audit())
        .publisher(new RecordingPublisher())
        .rateLimiter(new InMemoryRateLimiter(new TestClock(Instant.EPOCH)))
        .bankFlows(storage.bankFlows())
        .monitors(storage.monitors())
        .hotAccounts(storage.hotAccounts())
        .reads(storage.reads())
        .auditTrail(storage.auditTrail())
        .unitOfWork(storage.store());
  }

  @Test
  void anAdapterPlayingTwoRolesIsGivenOnceAndFillsBoth() {
    LedgerPorts ports = everyPortButTheBank().bank(new RecordingBank()).build();

    assertThat(ports.outbox()).isSameAs(storage.outbox());
    assertThat(ports.outboxStore()).isSameAs(storage.outbox());
    assertThat(ports.withdrawals()).isSameAs(storage.bankFlows());
    assertThat(ports.holds()).isSameAs(storage.bankFlows());
    assertThat(ports.tracing().current()).isEqualTo(TraceContext.NONE);
    assertThat(ports.batchMetrics()).isNotNull();
  }

  @Test
  void buildingWithoutAPortNamesIt() {
    assertThatThrownBy(() -> everyPortButTheBank().build())
        .isInstanceOf(NullPointerException.class)
        .hasMessage("bank");
  }
}
