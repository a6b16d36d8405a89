package dev.ewallet.ledger.adapter.persistence.posting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.CoalescedStatements;
import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.contracts.Postings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.runtime.RequestDeadline;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The notes that the bank was asked about a withdrawal, made by requests at the same time and so
 * written together ({@link CoalescedStatements}) on the real database: each withdrawal keeps its
 * own first note, whichever statement carried it, and a stalled database fails every note waiting
 * for the statement as it fails one alone, noting nothing.
 */
class PayoutNotesIT extends PersistenceIntegrationTest {

  private static final Duration REQUEST = Duration.ofSeconds(30);

  @Autowired WithdrawalRepository withdrawals;
  @Autowired AccountRepository accounts;
  @Autowired UnitOfWork unitOfWork;
  @Autowired Postings postings;
  @Autowired JdbcClient jdbc;

  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

  /** Pending withdrawals of one new wallet, never noted. */
  private List<Withdrawal> pending(int count) {
    AccountId wallet = newWallet(accounts);
    List<Withdrawal> made = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      TransactionId id = postings.deposit(wallet, LedgerFixtures.vnd(100));
      made.add(Withdrawal.requested(id, wallet, LedgerFixtures.vnd(10), now.minusSeconds(60)));
    }
    unitOfWork.inTransaction(() -> {
      made.forEach(withdrawals::insertWithdrawal);
      return null;
    });
    return made;
  }

  /** A note as a request makes it: under the request's deadline. */
  private void requestNote(TransactionId id, Instant at, Duration deadline) {
    try (RequestDeadline.Scope request = RequestDeadline.start(deadline)) {
      withdrawals.markPayoutRequested(id, at);
    }
  }

  private Instant notedAt(TransactionId id) {
    return jdbc.sql("SELECT payout_requested_at FROM withdrawal WHERE id = ?")
        .params(id.value())
        .query(OffsetDateTime.class)
        .single()
        .toInstant();
  }

  @Test
  void eachWithdrawalKeepsItsOwnFirstNoteWhicheverStatementCarriedIt() throws Exception {
    List<Withdrawal> made = pending(24);
    // Every withdrawal is noted twice at once, the second time later: only the first time stays.
    try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < made.size(); i++) {
        TransactionId id = made.get(i).id();
        Instant first = now.plusSeconds(i);
        done.add(
            requests.submit(() -> {
              requestNote(id, first, REQUEST);
              requestNote(id, first.plusSeconds(3_600), REQUEST);
              return null;
            }));
      }
      for (Future<?> one : done) {
        one.get(60, TimeUnit.SECONDS);
      }
    }

    for (int i = 0; i < made.size(); i++) {
      assertThat(notedAt(made.get(i).id())).isEqualTo(now.plusSeconds(i));
    }
    assertThat(withdrawals.findUnrequestedPayouts(now, 10_000))
        .extracting(Withdrawal::id)
        .doesNotContainAnyElementsOf(made.stream().map(Withdrawal::id).toList());
  }

  @Test
  void aStalledDatabaseFailsEveryWaitingNoteAsOverloadedWithinTheLockTimeout() throws Exception {
    List<Withdrawal> made = pending(6);
    try (Connection blocker = PostgresTestDatabase.owner().getConnection()) {
      blocker.setAutoCommit(false);
      try (Statement lock = blocker.createStatement()) {
        lock.execute("LOCK TABLE withdrawal IN ACCESS EXCLUSIVE MODE");
      }
      try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
        List<Future<?>> waiting = new ArrayList<>();
        for (Withdrawal withdrawal : made) {
          waiting.add(
              requests.submit(() -> {
                requestNote(withdrawal.id(), now, REQUEST);
                return null;
              }));
        }
        for (Future<?> note : waiting) {
          assertThatThrownBy(() -> note.get(20, TimeUnit.SECONDS))
              .cause()
              .isInstanceOf(OverloadedException.class);
        }
      } finally {
        blocker.rollback();
      }
    }
    assertThat(withdrawals.findUnrequestedPayouts(now, 10_000))
        .extracting(Withdrawal::id)
        .containsAll(made.stream().map(Withdrawal::id).toList());

    requestNote(made.getFirst().id(), now, REQUEST);
    assertThat(notedAt(made.getFirst().id())).isEqualTo(now);
  }
}
