package dev.ewallet.ledger.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.deadline.RequestDeadline;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.DirectPostings;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Account reads of requests answered together ({@link CoalescedReads}) on the real database: every
 * read, whichever statement carried it, sees its own account with its caller's writes, and a
 * stalled database fails every read waiting for the statement the way it fails a read alone.
 */
class BatchedReadsIT extends PersistenceIntegrationTest {

  private static final Duration REQUEST = Duration.ofSeconds(30);

  @Autowired AccountReads reads;
  @Autowired AccountRepository accounts;
  @Autowired JournalRepository journal;
  @Autowired UnitOfWork unitOfWork;

  private AccountId newWallet() {
    return accounts
        .create(
            new NewAccount(
                UserId.of(LedgerFixtures.freshUserId()),
                LedgerFixtures.VND,
                AccountKind.USER,
                Instant.now()))
        .id();
  }

  /** A read as a request makes it: under the request's deadline. */
  private Optional<AccountView> requestRead(AccountId wallet) {
    try (RequestDeadline.Scope request = RequestDeadline.start(REQUEST)) {
      return reads.find(wallet);
    }
  }

  @Test
  void everyReadSeesItsOwnAccountWithTheWritesMadeBeforeItWhicheverStatementCarriedIt()
      throws Exception {
    DirectPostings post = new DirectPostings(accounts, journal, unitOfWork, 1);
    int pairs = 12;
    long opening = 100;
    List<AccountId[]> wallets = new ArrayList<>();
    for (int i = 0; i < pairs; i++) {
      AccountId payer = newWallet();
      post.deposit(payer, LedgerFixtures.vnd(opening));
      wallets.add(new AccountId[] {payer, newWallet()});
    }
    // Each request thread moves money between its own two wallets, reading both after each move.
    try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> done = new ArrayList<>();
      for (AccountId[] pair : wallets) {
        done.add(
            requests.submit(() -> {
              for (long moved = 1; moved <= 8; moved++) {
                post.transfer(pair[0], pair[1], LedgerFixtures.vnd(1), TransactionDetails.NONE);
                for (int read = 0; read < 3; read++) {
                  assertBalance(pair[0], opening - moved);
                  assertBalance(pair[1], moved);
                }
              }
              return null;
            }));
      }
      for (Future<?> one : done) {
        one.get(60, TimeUnit.SECONDS);
      }
    }
    assertThat(requestRead(AccountId.of(Long.MAX_VALUE))).isEmpty();
  }

  private void assertBalance(AccountId wallet, long expected) {
    AccountView view = requestRead(wallet).orElseThrow();
    assertThat(view.account().id()).isEqualTo(wallet);
    assertThat(view.balance()).isEqualTo(LedgerFixtures.vnd(expected));
  }

  @Test
  void aStalledDatabaseFailsEveryWaitingReadAsOverloadedWithinTheLockTimeout() throws Exception {
    AccountId wallet = newWallet();
    try (Connection blocker = PostgresTestDatabase.owner().getConnection()) {
      blocker.setAutoCommit(false);
      try (Statement lock = blocker.createStatement()) {
        lock.execute("LOCK TABLE account IN ACCESS EXCLUSIVE MODE");
      }
      try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
        List<Future<Optional<AccountView>>> waiting = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          waiting.add(requests.submit(() -> requestRead(wallet)));
        }
        for (Future<Optional<AccountView>> read : waiting) {
          assertThatThrownBy(() -> read.get(20, TimeUnit.SECONDS))
              .cause()
              .isInstanceOf(OverloadedException.class);
        }
      } finally {
        blocker.rollback();
      }
    }
    assertThat(requestRead(wallet)).isPresent();
  }
}
