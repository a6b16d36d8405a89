package dev.ewallet.ledger.domain.bankflow;

import static dev.ewallet.ledger.domain.DomainValues.USD;
import static dev.ewallet.ledger.domain.DomainValues.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.HoldNotPendingException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.WithdrawalNotPendingException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The withdrawal and hold state machines: every transition once, every illegal one refused. */
class BankFlowStateMachinesTest {

  private static final Instant AT = Instant.parse("2026-12-01T10:00:00Z");
  private static final AccountId WALLET = AccountId.of(1);
  private static final AccountId SHOP = AccountId.of(2);

  private static Withdrawal pendingWithdrawal() {
    return Withdrawal.requested(TransactionId.random(), WALLET, vnd(500), AT);
  }

  private static Hold pendingHold() {
    return Hold.placed(TransactionId.random(), WALLET, SHOP, vnd(500), AT.plusSeconds(60), AT);
  }

  @Test
  void aWithdrawalEndsOnceCompletedOrFailed() {
    TransactionId settlement = TransactionId.random();
    Withdrawal completed = pendingWithdrawal().complete(settlement, AT.plusSeconds(1));
    Withdrawal failed = pendingWithdrawal().fail(settlement, "account closed", AT.plusSeconds(1));

    assertThat(completed.status()).isEqualTo(WithdrawalStatus.COMPLETED);
    assertThat(completed.settledBy()).isEqualTo(settlement);
    assertThat(completed.updatedAt()).isEqualTo(AT.plusSeconds(1));
    assertThat(failed.status()).isEqualTo(WithdrawalStatus.FAILED);
    assertThat(failed.failureReason()).isEqualTo("account closed");
    for (Withdrawal ended : new Withdrawal[] {completed, failed}) {
      assertThatThrownBy(() -> ended.complete(TransactionId.random(), AT))
          .isInstanceOf(WithdrawalNotPendingException.class)
          .hasMessageContaining(ended.status().name());
      assertThatThrownBy(() -> ended.fail(TransactionId.random(), null, AT))
          .isInstanceOf(WithdrawalNotPendingException.class);
    }
  }

  @Test
  void aWithdrawalIsOfAPositiveAmountAndSettledExactlyWhenNotPending() {
    assertThatThrownBy(() -> Withdrawal.requested(TransactionId.random(), WALLET, vnd(0), AT))
        .isInstanceOf(IllegalArgumentException.class);
    Withdrawal pending = pendingWithdrawal();
    assertThatThrownBy(() ->
            new Withdrawal(
                pending.id(),
                WALLET,
                vnd(500),
                WithdrawalStatus.COMPLETED,
                null,
                null,
                AT,
                AT,
                null))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aHoldIsCapturedInFullOrInPartOnceAndOnlyBeforeItExpires() {
    TransactionId settlement = TransactionId.random();
    Hold partly = pendingHold().capture(vnd(300), settlement, AT.plusSeconds(10));

    assertThat(partly.status()).isEqualTo(HoldStatus.CAPTURED);
    assertThat(partly.capturedAmount()).isEqualTo(vnd(300));
    assertThat(partly.settledBy()).isEqualTo(settlement);
    assertThat(pendingHold().capture(vnd(500), settlement, AT).capturedAmount())
        .isEqualTo(vnd(500));
    assertThatThrownBy(() -> partly.capture(vnd(1), TransactionId.random(), AT))
        .isInstanceOf(HoldNotPendingException.class)
        .hasMessageContaining("CAPTURED");
    assertThatThrownBy(() -> pendingHold().capture(vnd(1), settlement, AT.plusSeconds(60)))
        .isInstanceOf(HoldNotPendingException.class)
        .hasMessageContaining("EXPIRED");
  }

  @Test
  void aCaptureIsOneToTheHeldAmountInTheHoldsCurrency() {
    Hold hold = pendingHold();

    assertThatThrownBy(() -> hold.requireCapturable(vnd(501), AT))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("1 to 500");
    assertThatThrownBy(() -> hold.requireCapturable(Money.zero(hold.amount().currency()), AT))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> hold.requireCapturable(Money.of(100, USD), AT))
        .isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void aReleaseVoidsBeforeTheExpiryAndExpiresFromItOn() {
    Hold voided = pendingHold().release(TransactionId.random(), AT.plusSeconds(59));
    Hold expired = pendingHold().release(TransactionId.random(), AT.plus(Duration.ofSeconds(60)));

    assertThat(voided.status()).isEqualTo(HoldStatus.VOIDED);
    assertThat(voided.capturedAmount().isZero()).isTrue();
    assertThat(expired.status()).isEqualTo(HoldStatus.EXPIRED);
    assertThatThrownBy(() -> voided.release(TransactionId.random(), AT))
        .isInstanceOf(HoldNotPendingException.class)
        .hasMessageContaining("VOIDED");
  }
}
