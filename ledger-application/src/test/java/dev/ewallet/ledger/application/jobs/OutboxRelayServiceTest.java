package dev.ewallet.ledger.application.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.outbox.OutboxMessage;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.PruneOutboxCommand;
import dev.ewallet.ledger.domain.port.in.RelayOutboxCommand;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OutboxRelayServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final OutboxRelayService relay = f.services.outboxRelay();

  @Test
  void publishesWaitingEventsInPostingOrderOnceEach() {
    AccountId alice = f.openWallet(7);
    AccountId bob = f.openWallet(8);
    PostingReceipt deposit = f.deposit(alice, 1_000);
    PostingReceipt transfer = f.transfer(7, alice, bob, 400);

    assertThat(relay.relay(new RelayOutboxCommand(1))).isEqualTo(1);
    assertThat(relay.relay(new RelayOutboxCommand(10))).isEqualTo(1);
    assertThat(relay.relay(new RelayOutboxCommand(10))).isZero();

    assertThat(f.publisher.published()).extracting(OutboxMessage::id).containsExactly(1L, 2L);
    assertThat(f.publisher.published().get(1).keys())
        .containsExactly(String.valueOf(alice.value()), String.valueOf(bob.value()));
    assertThat(f.ledger.outbox().events())
        .extracting(e -> e.transactionId())
        .containsExactly(deposit.transactionId(), transfer.transactionId());
    assertThat(relay.backlog().count()).isZero();
  }

  @Test
  void aBrokerFailureMarksNothingAndTheBatchIsSentLater() {
    AccountId alice = f.openWallet(7);
    f.deposit(alice, 1_000);
    f.publisher.brokerDown(true);

    assertThatThrownBy(() -> relay.relay(new RelayOutboxCommand(10)))
        .hasMessage("broker unreachable");
    assertThat(relay.backlog().count()).isEqualTo(1);

    f.publisher.brokerDown(false);
    assertThat(relay.relay(new RelayOutboxCommand(10))).isEqualTo(1);
    assertThat(relay.backlog().count()).isZero();
  }

  @Test
  void pruningDeletesOnlyRowsPublishedBeforeTheRetention() {
    AccountId alice = f.openWallet(7);
    f.deposit(alice, 1_000);
    relay.relay(new RelayOutboxCommand(10));
    f.deposit(alice, 1_000);

    assertThat(relay.prune(new PruneOutboxCommand(Duration.ofDays(1)))).isZero();
    f.clock.advance(Duration.ofDays(2));

    assertThat(relay.prune(new PruneOutboxCommand(Duration.ofDays(1)))).isEqualTo(1);
    assertThat(relay.prune(new PruneOutboxCommand(Duration.ofDays(1)))).isZero();
    assertThat(relay.backlog().count()).isEqualTo(1);
  }
}
