package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * What every {@link UnitOfWork} must do, observed through the accounts it writes: all of the work
 * commits when it returns, none of it when it throws, a nested unit joins the outer one, and the
 * work runs once: retrying is the caller's decision, never the unit's.
 */
public abstract class UnitOfWorkContract {

  protected abstract UnitOfWork unitOfWork();

  protected abstract AccountRepository accounts();

  private Account open() {
    return accounts()
        .create(
            new NewAccount(
                UserId.of(LedgerFixtures.freshUserId()),
                VND,
                AccountKind.USER,
                Instant.now().truncatedTo(ChronoUnit.MICROS)));
  }

  private boolean exists(Account account) {
    return accounts().findById(account.id()).isPresent();
  }

  @Test
  void whatTheWorkWroteCommitsWhenItReturnsAndItsValueIsReturned() {
    Account written = unitOfWork().inTransaction(this::open);

    assertThat(exists(written)).isTrue();
  }

  @Test
  void nothingTheWorkWroteOutlivesItsFailureWhichReachesTheCallerUnchanged() {
    AtomicReference<Account> written = new AtomicReference<>();
    IllegalStateException failure = new IllegalStateException("refused after writing");

    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> {
                  written.set(open());
                  throw failure;
                }))
        .isSameAs(failure);
    assertThat(exists(written.get())).isFalse();
  }

  @Test
  void aNestedUnitOfWorkJoinsTheOuterOneAndRollsBackWithIt() {
    AtomicReference<Account> inner = new AtomicReference<>();
    AtomicReference<Account> outer = new AtomicReference<>();

    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> {
                  outer.set(open());
                  inner.set(unitOfWork().inTransaction(this::open));
                  throw new IllegalStateException("the outer work fails after the inner returned");
                }))
        .hasMessageContaining("outer work fails");
    assertThat(exists(inner.get())).isFalse();
    assertThat(exists(outer.get())).isFalse();
  }

  @Test
  void aTransientConflictReachesTheCallerAndTheWorkRunsOnce() {
    AtomicInteger runs = new AtomicInteger();
    AtomicReference<Account> written = new AtomicReference<>();
    TransientConflictException conflict =
        new TransientConflictException("a concurrent claim won", null);

    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> {
                  runs.incrementAndGet();
                  written.set(open());
                  throw conflict;
                }))
        .isSameAs(conflict);
    assertThat(runs).hasValue(1);
    assertThat(exists(written.get())).isFalse();
  }
}
