package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.posting;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static dev.ewallet.ledger.domain.movement.Rows.AT;
import static dev.ewallet.ledger.domain.movement.Rows.account;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.HoldStatus;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HoldMovementsTest {

  private static final AccountId WALLET = AccountId.of(1);
  private static final AccountId SHOP = AccountId.of(2);
  private static final AccountId HOLD = AccountId.of(3);
  private static final Instant TOMORROW = AT.plus(Duration.ofDays(1));

  private final Account shop = account(2, AccountKind.USER, 0);
  private final Rows rows =
      new Rows().with(account(1, AccountKind.USER, 1_000), shop, account(3, AccountKind.HOLD, 600));

  private final Hold pending =
      Hold.placed(TransactionId.random(), WALLET, SHOP, vnd(600), TOMORROW, AT.minusSeconds(60));

  private static HoldPlacement placement(Caller caller, Account destination, Instant expiresAt) {
    return new HoldPlacement(caller, WALLET, destination, HOLD, 600, expiresAt);
  }

  private static PostingPlan plan(Movement movement, Rows rows) {
    return movement.plan(rows, PostingRules.DEFAULT, TransactionId.random(), AT);
  }

  @Test
  void aPlacementReservesTheAmountInTheHoldAccountAndOpensAPendingHold() {
    HoldPlacement placement = placement(Caller.user(1), shop, TOMORROW);

    PostingPlan plan = plan(placement, rows);

    assertThat(placement.accountsToLock()).containsExactly(WALLET, HOLD);
    assertThat(plan.transaction().postings())
        .containsExactly(posting(1, vnd(-600)), posting(3, vnd(600)));
    Hold placed = ((RowChange.HoldPlaced) plan.rowChanges().getFirst()).hold();
    assertThat(placed.status()).isEqualTo(HoldStatus.PENDING);
    assertThat(placed.destinationAccountId()).isEqualTo(SHOP);
    assertThat(placed.id()).isEqualTo(plan.transaction().id());
  }

  @Test
  void theOwnerOrAnOperatorPlacesAHoldForAWalletOfTheSameCurrency() {
    assertThat(plan(placement(Caller.operator(9), shop, TOMORROW), rows)).isNotNull();
    assertThatThrownBy(() -> plan(placement(Caller.user(2), shop, TOMORROW), rows))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(
            () -> plan(placement(Caller.user(1), account(3, AccountKind.HOLD, 0), TOMORROW), rows))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() ->
            plan(placement(Caller.user(1), account(2, AccountKind.USER, 0, USD), TOMORROW), rows))
        .isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void aHoldExpiresAfterThePostingTimeAndWithinThirtyDays() {
    assertThat(plan(placement(Caller.user(1), shop, AT.plus(HoldPlacement.MAX_HOLD)), rows))
        .isNotNull();
    assertThatThrownBy(() -> plan(placement(Caller.user(1), shop, AT), rows))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() ->
            plan(
                placement(Caller.user(1), shop, AT.plus(HoldPlacement.MAX_HOLD).plusSeconds(1)),
                rows))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void aPartialCapturePaysTheDestinationAndGivesTheRestBack() {
    rows.with(pending);
    HoldCapture capture = new HoldCapture(pending, HOLD, 250L);

    PostingPlan plan = plan(capture, rows);

    assertThat(capture.accountsToLock()).containsExactly(WALLET, SHOP, HOLD);
    assertThat(capture.settles()).isEqualTo(new SettledRow.HoldRow(pending.id()));
    assertThat(plan.transaction().postings())
        .containsExactly(posting(3, vnd(-600)), posting(2, vnd(250)), posting(1, vnd(350)));
    Hold captured = ((RowChange.HoldSettled) plan.rowChanges().getFirst()).hold();
    assertThat(captured.status()).isEqualTo(HoldStatus.CAPTURED);
    assertThat(captured.capturedAmount()).isEqualTo(vnd(250));
  }

  @Test
  void aWholeCaptureHasNoRestLeg() {
    rows.with(pending);

    assertThat(plan(new HoldCapture(pending, HOLD, null), rows).transaction().postings())
        .containsExactly(posting(3, vnd(-600)), posting(2, vnd(600)));
  }

  @Test
  void aReleaseVoidsBeforeTheExpiryAndExpiresFromIt() {
    rows.with(pending);
    HoldRelease release = new HoldRelease(pending, HOLD);

    PostingPlan voided = plan(release, rows);
    PostingPlan expired =
        release.plan(rows, PostingRules.DEFAULT, TransactionId.random(), TOMORROW);

    assertThat(voided.transaction().postings())
        .containsExactly(posting(3, vnd(-600)), posting(1, vnd(600)));
    assertThat(((RowChange.HoldSettled) voided.rowChanges().getFirst()).hold().status())
        .isEqualTo(HoldStatus.VOIDED);
    assertThat(((RowChange.HoldSettled) expired.rowChanges().getFirst()).hold().status())
        .isEqualTo(HoldStatus.EXPIRED);
  }

  @Test
  void aHoldEndsOnceJudgedOnTheLockedRow() {
    rows.with(pending.release(TransactionId.random(), AT));

    assertThatThrownBy(() -> plan(new HoldCapture(pending, HOLD, null), rows))
        .isInstanceOf(HoldNotPendingException.class)
        .hasMessageContaining("VOIDED");
    assertThatThrownBy(() -> plan(new HoldRelease(pending, HOLD), rows))
        .isInstanceOf(HoldNotPendingException.class);
  }
}
