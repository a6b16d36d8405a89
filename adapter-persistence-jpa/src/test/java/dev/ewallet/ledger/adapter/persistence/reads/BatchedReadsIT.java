package dev.ewallet.ledger.adapter.persistence.reads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.adapter.persistence.CoalescedStatements;
import dev.ewallet.ledger.adapter.persistence.PersistenceIntegrationTest;
import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.contracts.Postings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.runtime.RequestDeadline;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Account reads and newest history pages of requests answered together ({@link
 * CoalescedStatements}) on the real database: every read, whichever statement carried it, sees its
 * own account (or page, of the length it asked for) with its caller's writes, and a stalled
 * database fails every read waiting for the statement the way it fails a read alone.
 */
class BatchedReadsIT extends PersistenceIntegrationTest {

  private static final Duration REQUEST = Duration.ofSeconds(30);

  @Autowired AccountReads reads;
  @Autowired AccountRepository accounts;
  @Autowired Postings postings;

  private AccountId newWallet() {
    return newWallet(accounts);
  }

  /** A read as a request makes it: under the request's deadline. */
  private Optional<AccountView> requestRead(AccountId wallet) {
    try (RequestDeadline.Scope request = RequestDeadline.start(REQUEST)) {
      return reads.find(wallet);
    }
  }

  /** The newest page as a request reads it. */
  private Optional<AccountHistory> requestPage(AccountId wallet, int limit) {
    try (RequestDeadline.Scope request = RequestDeadline.start(REQUEST)) {
      return reads.history(wallet, HistoryFilter.NONE, null, limit);
    }
  }

  @Test
  void everyReadSeesItsOwnAccountWithTheWritesMadeBeforeItWhicheverStatementCarriedIt()
      throws Exception {
    int pairs = 12;
    long opening = 100;
    List<AccountId[]> wallets = new ArrayList<>();
    for (int i = 0; i < pairs; i++) {
      AccountId payer = newWallet();
      postings.deposit(payer, LedgerFixtures.vnd(opening));
      wallets.add(new AccountId[] {payer, newWallet()});
    }
    // Each request thread moves money between its own two wallets, reading both after each move.
    try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> done = new ArrayList<>();
      for (AccountId[] pair : wallets) {
        done.add(
            requests.submit(() -> {
              for (long moved = 1; moved <= 8; moved++) {
                postings.transfer(pair[0], pair[1], LedgerFixtures.vnd(1), TransactionDetails.NONE);
                for (int read = 0; read < 3; read++) {
                  assertBalance(pair[0], opening - moved);
                  assertBalance(pair[1], moved);
                  // The payer has its deposit and each move; pages of two lengths read together.
                  assertNewestPage(pair[0], 2 + read, 1 + moved, opening - moved);
                  assertNewestPage(pair[1], 2 + read, moved, moved);
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
    assertThat(requestPage(AccountId.of(Long.MAX_VALUE), 5)).isEmpty();
  }

  private void assertNewestPage(AccountId wallet, int limit, long entries, long newestBalance) {
    AccountHistory page = requestPage(wallet, limit).orElseThrow();
    assertThat(page.account().id()).isEqualTo(wallet);
    assertThat(page.entries()).hasSize((int) Math.min(limit, entries));
    assertThat(page.entries()).allSatisfy(entry -> assertThat(entry.accountId()).isEqualTo(wallet));
    assertThat(page.entries().getFirst().balanceAfter())
        .isEqualTo(LedgerFixtures.vnd(newestBalance));
    assertThat(page.entries())
        .extracting(LedgerEntry::entryId)
        .isSortedAccordingTo(Comparator.reverseOrder());
  }

  private void assertBalance(AccountId wallet, long expected) {
    AccountView view = requestRead(wallet).orElseThrow();
    assertThat(view.account().id()).isEqualTo(wallet);
    assertThat(view.balance()).isEqualTo(LedgerFixtures.vnd(expected));
  }

  @Test
  void aStalledDatabaseFailsEveryWaitingReadAndPageAsOverloadedWithinTheLockTimeout()
      throws Exception {
    AccountId wallet = newWallet();
    try (Connection blocker = PostgresTestDatabase.owner().getConnection()) {
      blocker.setAutoCommit(false);
      try (Statement lock = blocker.createStatement()) {
        lock.execute("LOCK TABLE account IN ACCESS EXCLUSIVE MODE");
      }
      try (ExecutorService requests = Executors.newVirtualThreadPerTaskExecutor()) {
        List<Future<? extends Optional<?>>> waiting = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          waiting.add(requests.submit(() -> requestRead(wallet)));
          waiting.add(requests.submit(() -> requestPage(wallet, 20)));
        }
        for (Future<? extends Optional<?>> read : waiting) {
          assertThatThrownBy(() -> read.get(20, TimeUnit.SECONDS))
              .cause()
              .isInstanceOf(OverloadedException.class);
        }
      } finally {
        blocker.rollback();
      }
    }
    assertThat(requestRead(wallet)).isPresent();
    assertThat(requestPage(wallet, 20)).isPresent();
  }
}
