package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotPendingException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What the withdrawal, hold and pending deposit repositories must do. Rows reference real journal
 * transactions, so each test posts one first, through the ledger's own posting path ({@link
 * Postings}).
 */
public abstract class BankFlowRepositoryContract {

  protected abstract WithdrawalRepository withdrawals();

  protected abstract HoldRepository holds();

  protected abstract PendingDepositRepository pendingDeposits();

  protected abstract AccountRepository accounts();

  protected abstract JournalRepository journal();

  protected abstract UnitOfWork unitOfWork();

  /** The posting path over the same storage as the ports under test. */
  protected abstract Postings postings();

  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

  private AccountId wallet() {
    return accounts()
        .create(new NewAccount(UserId.of(LedgerFixtures.freshUserId()), VND, AccountKind.USER, now))
        .id();
  }

  private TransactionId posted(AccountId wallet) {
    return postings().deposit(wallet, vnd(100));
  }

  private <T> T inTransaction(java.util.function.Supplier<T> work) {
    return unitOfWork().inTransaction(work);
  }

  @Test
  void aWithdrawalIsStoredLockedAndSettled() {
    AccountId wallet = wallet();
    Withdrawal requested = Withdrawal.requested(posted(wallet), wallet, vnd(70), now);
    inTransaction(() -> {
      withdrawals().insertWithdrawal(requested);
      return null;
    });
    assertThat(withdrawals().findWithdrawal(requested.id())).contains(requested);

    TransactionId settlement = posted(wallet);
    Withdrawal failed =
        inTransaction(() -> {
          Withdrawal locked =
              withdrawals()
                  .lockWithdrawals(new TreeSet<>(List.of(requested.id(), TransactionId.random())))
                  .getFirst();
          Withdrawal done = locked.fail(settlement, "closed", now.plusSeconds(1));
          withdrawals().updateWithdrawal(done);
          return done;
        });

    assertThat(withdrawals().findWithdrawal(requested.id())).contains(failed);
    assertThat(failed.status()).isEqualTo(WithdrawalStatus.FAILED);
    assertThat(withdrawals().findWithdrawal(TransactionId.random())).isEmpty();
  }

  @Test
  void pendingPayoutsNeverNotedAsRequestedAreFoundOldestFirst() {
    AccountId wallet = wallet();
    Withdrawal older = Withdrawal.requested(posted(wallet), wallet, vnd(10), now.minusSeconds(60));
    Withdrawal newer = Withdrawal.requested(posted(wallet), wallet, vnd(20), now.minusSeconds(30));
    Withdrawal asked = Withdrawal.requested(posted(wallet), wallet, vnd(30), now.minusSeconds(90));
    Withdrawal fresh = Withdrawal.requested(posted(wallet), wallet, vnd(40), now);
    inTransaction(() -> {
      for (Withdrawal w : java.util.List.of(older, newer, asked, fresh)) {
        withdrawals().insertWithdrawal(w);
      }
      return null;
    });
    withdrawals().markPayoutRequested(asked.id(), now);
    withdrawals().markPayoutRequested(asked.id(), now.plusSeconds(5));

    assertThat(withdrawals().findUnrequestedPayouts(now.minusSeconds(10), 1_000))
        .filteredOn(w -> w.accountId().equals(wallet))
        .containsExactly(older, newer);
    assertThat(withdrawals().findUnrequestedPayouts(now.minusSeconds(10), 1)).hasSize(1);
    assertThat(withdrawals().oldestPendingSince()).isPresent();
    assertThat(withdrawals().oldestPendingSince().orElseThrow())
        .isBeforeOrEqualTo(asked.createdAt());
  }

  @Test
  void holdsAreStoredCapturedAndFoundWhenExpired() {
    AccountId wallet = wallet();
    AccountId shop = wallet();
    Hold expiring = Hold.placed(posted(wallet), wallet, shop, vnd(30), now.minusSeconds(1), now);
    Hold later =
        Hold.placed(posted(wallet), wallet, shop, vnd(20), now.plus(Duration.ofDays(1)), now);
    inTransaction(() -> {
      holds().insertHold(expiring);
      holds().insertHold(later);
      return null;
    });

    assertThat(holds().findHold(later.id())).contains(later);
    assertThat(holds().findExpiredPending(now, 1_000))
        .contains(expiring.id())
        .doesNotContain(later.id());

    TransactionId settlement = posted(wallet);
    inTransaction(() -> {
      List<Hold> lockedHolds =
          holds().lockHolds(new TreeSet<>(List.of(later.id(), TransactionId.random())));
      assertThat(lockedHolds).hasSize(1);
      Hold locked = lockedHolds.getFirst();
      holds().updateHold(locked.capture(vnd(15), settlement, now.plusSeconds(2)));
      return null;
    });
    Hold captured = holds().findHold(later.id()).orElseThrow();
    assertThat(captured.status()).isEqualTo(HoldStatus.CAPTURED);
    assertThat(captured.capturedAmount()).isEqualTo(vnd(15));
    assertThat(captured.settledBy()).isEqualTo(settlement);
  }

  @Test
  void pendingHoldsArePagedBySoonestExpiryUpToAnInstant() {
    // No other test places holds expiring then: paged from just before, these come first.
    Instant expiry = Instant.parse("2099-03-03T10:00:00Z");
    PendingPosition justBefore =
        new PendingPosition(expiry.minusMillis(1), TransactionId.of(new UUID(0, 0)));
    AccountId wallet = wallet();
    AccountId shop = wallet();
    Hold soonest = Hold.placed(posted(wallet), wallet, shop, vnd(1), expiry, now);
    Hold tiedA = Hold.placed(posted(wallet), wallet, shop, vnd(2), expiry.plusSeconds(60), now);
    Hold tiedB = Hold.placed(posted(wallet), wallet, shop, vnd(3), expiry.plusSeconds(60), now);
    Hold captured = Hold.placed(posted(wallet), wallet, shop, vnd(4), expiry.plusSeconds(30), now);
    Hold tooLate = Hold.placed(posted(wallet), wallet, shop, vnd(5), expiry.plusSeconds(3600), now);
    inTransaction(() -> {
      List.of(soonest, tiedA, tiedB, captured, tooLate).forEach(holds()::insertHold);
      holds()
          .updateHold(
              holds()
                  .lockHolds(new TreeSet<>(List.of(captured.id())))
                  .getFirst()
                  .capture(vnd(4), posted(wallet), now));
      return null;
    });
    Instant before = expiry.plusSeconds(600);
    List<Hold> tied =
        List.of(tiedA, tiedB).stream().sorted(Comparator.comparing(PendingPosition::of)).toList();

    List<Hold> firstPage = holds().pendingExpiringBefore(before, justBefore, 2);
    List<Hold> secondPage =
        holds().pendingExpiringBefore(before, PendingPosition.of(firstPage.getLast()), 2);

    assertThat(firstPage).containsExactly(soonest, tied.get(0));
    assertThat(secondPage).containsExactly(tied.get(1));
  }

  private PendingDeposit announced(AccountId wallet, long amount, String reference) {
    return PendingDeposit.announced(
        TransactionId.random(),
        wallet,
        vnd(amount),
        new TransactionDetails(reference, "top-up", Map.of("channel", "bank")),
        now);
  }

  private static RequestFingerprint fingerprint(String of) {
    return RequestFingerprint.of("PENDING_DEPOSIT", of);
  }

  @Test
  void aPendingDepositIsAnnouncedOnceUnderItsKeyWithItsDetails() {
    AccountId wallet = wallet();
    IdempotencyKey key = LedgerFixtures.freshKey();
    PendingDeposit deposit = announced(wallet, 70, null);

    AnnouncedDeposit first = pendingDeposits().announce(deposit, 9, key, fingerprint("a"));
    AnnouncedDeposit again =
        pendingDeposits().announce(announced(wallet, 70, null), 9, key, fingerprint("a"));

    assertThat(first).isEqualTo(new AnnouncedDeposit(deposit, false));
    assertThat(again).isEqualTo(new AnnouncedDeposit(deposit, true));
    assertThat(pendingDeposits().findPendingDeposit(deposit.id())).contains(deposit);
    assertThatThrownBy(
            () -> pendingDeposits().announce(announced(wallet, 71, null), 9, key, fingerprint("b")))
        .isInstanceOf(IdempotencyKeyReusedException.class);
    assertThat(pendingDeposits().announce(announced(wallet, 70, null), 10, key, fingerprint("a")))
        .extracting(AnnouncedDeposit::replayed)
        .isEqualTo(false);
    assertThat(pendingDeposits().announcedUnder(9, key)).isPresent();
    assertThat(pendingDeposits().announcedUnder(11, key)).isEmpty();
    assertThat(pendingDeposits().announcedUnder(9, LedgerFixtures.freshKey())).isEmpty();
  }

  @Test
  void aReferenceWaitsOnceAndIsFoundPendingThenSettled() {
    AccountId wallet = wallet();
    String reference = "REF-" + TransactionId.random();
    PendingDeposit deposit = announced(wallet, 70, reference);
    pendingDeposits().announce(deposit, 9, LedgerFixtures.freshKey(), fingerprint("a"));

    assertThatThrownBy(() ->
            pendingDeposits()
                .announce(
                    announced(wallet, 5, reference),
                    9,
                    LedgerFixtures.freshKey(),
                    fingerprint("b")))
        .isInstanceOf(DuplicateReferenceException.class);
    assertThat(pendingDeposits().findByReference(VND, reference)).contains(deposit);

    TransactionId settlement = posted(wallet);
    PendingDeposit settled =
        inTransaction(() -> {
          PendingDeposit locked =
              pendingDeposits()
                  .lockPendingDeposits(new TreeSet<>(List.of(deposit.id(), TransactionId.random())))
                  .getFirst();
          PendingDeposit changed = locked.settle(settlement, now.plusSeconds(1));
          pendingDeposits().updatePendingDeposit(changed);
          return changed;
        });

    assertThat(pendingDeposits().findPendingDeposit(deposit.id())).contains(settled);
    assertThat(pendingDeposits().findByReference(VND, reference)).contains(settled);
    assertThat(pendingDeposits().findByReference(VND, "REF-none")).isEmpty();
  }

  @Test
  void aFailureIsStoredOnceAndItsKeyReplaysIt() {
    AccountId wallet = wallet();
    PendingDeposit deposit = announced(wallet, 70, null);
    pendingDeposits().announce(deposit, 9, LedgerFixtures.freshKey(), fingerprint("a"));
    IdempotencyKey key = LedgerFixtures.freshKey();

    PendingDeposit failed =
        inTransaction(() -> pendingDeposits().fail(deposit.id(), "recalled", 3, key, now));
    PendingDeposit again =
        inTransaction(() -> pendingDeposits().fail(deposit.id(), "other", 3, key, now));

    assertThat(failed.status()).isEqualTo(PendingDepositStatus.FAILED);
    assertThat(again).isEqualTo(failed);
    assertThat(pendingDeposits().findPendingDeposit(deposit.id())).contains(failed);
    assertThatThrownBy(
            () -> inTransaction(() -> pendingDeposits().fail(deposit.id(), "x", 4, key, now)))
        .isInstanceOf(PendingDepositNotPendingException.class);
    assertThatThrownBy(() ->
            inTransaction(() -> pendingDeposits().fail(TransactionId.random(), "x", 3, key, now)))
        .isInstanceOf(PendingDepositNotFoundException.class);
  }

  @Test
  void theWithdrawalsPendingSinceBeforeAnInstantAreCountedAndTheOldestListedFirst() {
    // Requested long before any other test's withdrawals, so that only these are that old.
    Instant first = Instant.parse("1999-01-04T10:00:00Z");
    AccountId wallet = wallet();
    List<Withdrawal> requested = new ArrayList<>();
    for (int n = 0; n < 3; n++) {
      requested.add(
          Withdrawal.requested(posted(wallet), wallet, vnd(10), first.plusSeconds(60L * n)));
    }
    inTransaction(() -> {
      requested.forEach(withdrawals()::insertWithdrawal);
      Withdrawal settled =
          withdrawals()
              .lockWithdrawals(new TreeSet<>(List.of(requested.get(0).id())))
              .getFirst()
              .complete(posted(wallet), first.plusSeconds(600));
      withdrawals().updateWithdrawal(settled);
      return null;
    });

    Overdue<Withdrawal> overdue = withdrawals().pendingSince(first.plusSeconds(120), 20);
    Overdue<Withdrawal> allOfThem = withdrawals().pendingSince(first.plusSeconds(121), 1);

    assertThat(withdrawals().pendingSince(first, 20).count()).isZero();
    assertThat(overdue.count()).isEqualTo(1);
    assertThat(overdue.oldest()).containsExactly(requested.get(1));
    assertThat(allOfThem.count()).isEqualTo(2);
    assertThat(allOfThem.oldest()).containsExactly(requested.get(1));
  }

  @Test
  void pendingWithdrawalsArePagedOldestFirstAndRequestsOfOneInstantByTheirIds() {
    // No other test requests withdrawals at these times: paged from just before the first, these
    // come first.
    Instant first = Instant.parse("2000-02-02T10:00:00Z");
    PendingPosition justBefore =
        new PendingPosition(first.minusMillis(1), TransactionId.of(new UUID(0, 0)));
    AccountId wallet = wallet();
    Withdrawal oldest = Withdrawal.requested(posted(wallet), wallet, vnd(10), first);
    Withdrawal settledMeanwhile =
        Withdrawal.requested(posted(wallet), wallet, vnd(10), first.plusSeconds(1));
    Withdrawal tiedA = Withdrawal.requested(posted(wallet), wallet, vnd(10), first.plusSeconds(2));
    Withdrawal tiedB = Withdrawal.requested(posted(wallet), wallet, vnd(10), first.plusSeconds(2));
    inTransaction(() -> {
      List.of(oldest, settledMeanwhile, tiedA, tiedB).forEach(withdrawals()::insertWithdrawal);
      withdrawals()
          .updateWithdrawal(
              withdrawals()
                  .lockWithdrawals(new TreeSet<>(List.of(settledMeanwhile.id())))
                  .getFirst()
                  .complete(posted(wallet), first.plusSeconds(600)));
      return null;
    });
    List<Withdrawal> tied =
        List.of(tiedA, tiedB).stream().sorted(Comparator.comparing(PendingPosition::of)).toList();

    List<Withdrawal> firstPage = withdrawals().pendingOldestFirst(justBefore, 2);
    List<Withdrawal> secondPage =
        withdrawals().pendingOldestFirst(PendingPosition.of(firstPage.getLast()), 2);

    assertThat(firstPage).containsExactly(oldest, tied.get(0));
    assertThat(secondPage).first().isEqualTo(tied.get(1));
    assertThat(withdrawals().pendingOldestFirst(null, 100_000))
        .as("the first page starts at the oldest of all")
        .containsSubsequence(oldest, tied.get(0), tied.get(1))
        .doesNotContain(settledMeanwhile);
  }

  @Test
  void pendingPayoutsOfAnAmountAreFoundByWhenTheBankWasAskedForThem() {
    AccountId wallet = wallet();
    // An amount no other test withdraws.
    long amount = 2_000_000_011L + LedgerFixtures.freshUserId();
    Withdrawal early = Withdrawal.requested(posted(wallet), wallet, vnd(amount), now);
    Withdrawal later = Withdrawal.requested(posted(wallet), wallet, vnd(amount), now);
    Withdrawal neverAsked = Withdrawal.requested(posted(wallet), wallet, vnd(amount), now);
    Withdrawal settled = Withdrawal.requested(posted(wallet), wallet, vnd(amount), now);
    inTransaction(() -> {
      List.of(early, later, neverAsked, settled).forEach(withdrawals()::insertWithdrawal);
      return null;
    });
    withdrawals().markPayoutRequested(early.id(), now);
    withdrawals().markPayoutRequested(later.id(), now.plusSeconds(3600));
    withdrawals().markPayoutRequested(settled.id(), now);
    inTransaction(() -> {
      withdrawals()
          .updateWithdrawal(
              withdrawals()
                  .lockWithdrawals(new TreeSet<>(List.of(settled.id())))
                  .getFirst()
                  .complete(posted(wallet), now.plusSeconds(60)));
      return null;
    });

    assertThat(withdrawals().findPayoutsOfAmount(vnd(amount), now, now.plusSeconds(7200), 5))
        .containsExactly(early, later);
    assertThat(withdrawals().findPayoutsOfAmount(vnd(amount), now, now.plusSeconds(3600), 5))
        .containsExactly(early);
    assertThat(withdrawals().findPayoutsOfAmount(vnd(amount), now, now.plusSeconds(7200), 1))
        .containsExactly(early);
    assertThat(withdrawals().findPayoutsOfAmount(vnd(amount + 1), now, now.plusSeconds(7200), 5))
        .isEmpty();
  }

  @Test
  void pendingDepositsOfAnAmountAreFoundByWhenTheyWereAnnounced() {
    AccountId wallet = wallet();
    // An amount no other test announces.
    long amount = 1_000_000_007L + LedgerFixtures.freshUserId();
    PendingDeposit early =
        PendingDeposit.announced(
            TransactionId.random(), wallet, vnd(amount), TransactionDetails.NONE, now);
    PendingDeposit later =
        PendingDeposit.announced(
            TransactionId.random(),
            wallet,
            vnd(amount),
            TransactionDetails.NONE,
            now.plusSeconds(3600));
    PendingDeposit failed =
        PendingDeposit.announced(
            TransactionId.random(), wallet, vnd(amount), TransactionDetails.NONE, now);
    for (PendingDeposit deposit : List.of(early, later, failed)) {
      pendingDeposits().announce(deposit, 9, LedgerFixtures.freshKey(), fingerprint("a"));
    }
    inTransaction(
        () -> pendingDeposits().fail(failed.id(), "never came", 9, LedgerFixtures.freshKey(), now));

    assertThat(pendingDeposits().findPendingOfAmount(vnd(amount), now, now.plusSeconds(7200), 5))
        .containsExactly(early, later);
    assertThat(pendingDeposits().findPendingOfAmount(vnd(amount), now, now.plusSeconds(3600), 5))
        .containsExactly(early);
    assertThat(pendingDeposits().findPendingOfAmount(vnd(amount), now, now.plusSeconds(7200), 1))
        .containsExactly(early);
    assertThat(
            pendingDeposits().findPendingOfAmount(vnd(amount + 1), now, now.plusSeconds(7200), 5))
        .isEmpty();
  }
}
