package dev.ewallet.ledger.application;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.LedgerEvent;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Each request's trace is read on its caller's thread and travels into its event; a group-commit
 * batch is wrapped once, with one trace per request group it carries.
 */
class PostingTracingTest {

  private static final TraceContext FIRST =
      TraceContext.fromTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
  private static final TraceContext SECOND =
      TraceContext.fromTraceparent("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00");

  @Test
  void aBatchCarriesTheTraceOfEachRequestAndEachEventKeepsItsOwn() throws Exception {
    LedgerServicesFixture f =
        new LedgerServicesFixture(
            new GroupCommitSettings(
                64, 1, Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(1)));
    AccountId alice = f.openWallet(7);
    AccountId bob = f.openWallet(8);
    f.deposit(alice, 1_000);
    f.services.start();
    try {
      LedgerServicesFixture.HeldWriter writer = f.holdTheWriter();
      CompletableFuture<PostingReceipt> first =
          writer.queue(() -> tracedTransfer(f, FIRST, alice, bob));
      CompletableFuture<PostingReceipt> second =
          writer.queue(() -> tracedTransfer(f, SECOND, alice, bob));

      writer.release();

      assertThat(traceOf(f, first.join().transactionId())).isEqualTo(FIRST);
      assertThat(traceOf(f, second.join().transactionId())).isEqualTo(SECOND);
      assertThat(f.batchTraces).last().isEqualTo(List.of(FIRST, SECOND));
    } finally {
      f.services.close();
    }
  }

  /** A transfer posted by a caller whose trace is {@code trace}, on the caller's own thread. */
  private static PostingReceipt tracedTransfer(
      LedgerServicesFixture f, TraceContext trace, AccountId from, AccountId to) {
    f.callerTrace.set(trace);
    try {
      return f.services.transfers().transfer(transfer(from, to));
    } finally {
      f.callerTrace.remove();
    }
  }

  @Test
  void anInlinePostingKeepsItsCallersTraceAndAnUntracedOneNone() {
    LedgerServicesFixture f = new LedgerServicesFixture();
    AccountId alice = f.openWallet(7);

    f.callerTrace.set(FIRST);
    PostingReceipt traced = f.deposit(alice, 1_000);
    f.callerTrace.remove();
    PostingReceipt untraced = f.deposit(alice, 1_000);

    assertThat(traceOf(f, traced.transactionId())).isEqualTo(FIRST);
    assertThat(traceOf(f, untraced.transactionId())).isEqualTo(TraceContext.NONE);
    assertThat(f.batchTraces).as("inline posting runs in the caller's own trace").isEmpty();
  }

  private static TransferFundsCommand transfer(AccountId from, AccountId to) {
    return new TransferFundsCommand(Caller.user(7), LedgerFixtures.freshKey(), from, to, 100);
  }

  private static TraceContext traceOf(LedgerServicesFixture f, TransactionId transaction) {
    return f.ledger.outbox().events().stream()
        .filter(event -> event.transactionId().equals(transaction))
        .map(LedgerEvent::trace)
        .findFirst()
        .orElseThrow();
  }
}
