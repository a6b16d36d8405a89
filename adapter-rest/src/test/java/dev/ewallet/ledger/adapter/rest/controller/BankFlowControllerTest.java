package dev.ewallet.ledger.adapter.rest.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.ewallet.ledger.adapter.rest.RestSliceTest;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.ExpiringHoldsQuery;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.GetHoldQuery;
import dev.ewallet.ledger.domain.port.in.GetWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.PendingWithdrawalsQuery;
import dev.ewallet.ledger.domain.port.in.PlaceHoldUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.SettleHoldCommand;
import dev.ewallet.ledger.domain.port.in.SettleHoldUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/** Each settlement endpoint becomes exactly one of the sealed settle commands. */
@WebMvcTest(BankFlowController.class)
class BankFlowControllerTest extends RestSliceTest {

  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
  private static final Money AMOUNT = Money.of(5_000, CurrencyCode.of("VND"));

  @MockitoBean RequestWithdrawalUseCase requestWithdrawal;
  @MockitoBean SettleWithdrawalUseCase settleWithdrawal;
  @MockitoBean GetWithdrawalQuery withdrawals;
  @MockitoBean PendingWithdrawalsQuery pendingWithdrawals;
  @MockitoBean PlaceHoldUseCase placeHold;
  @MockitoBean SettleHoldUseCase settleHold;
  @MockitoBean GetHoldQuery holds;
  @MockitoBean ExpiringHoldsQuery expiringHolds;

  private final TransactionId id = TransactionId.random();

  @BeforeEach
  void oneHoldAndOneWithdrawal() {
    when(holds.get(any(), eq(id)))
        .thenReturn(
            Hold.placed(id, AccountId.of(1), AccountId.of(2), AMOUNT, NOW.plusSeconds(60), NOW));
    when(withdrawals.get(any(), eq(id)))
        .thenReturn(Withdrawal.requested(id, AccountId.of(1), AMOUNT, NOW));
    PostingReceipt receipt =
        new PostingReceipt(TransactionId.random(), TransactionType.HOLD_CAPTURE, false);
    when(settleHold.settle(any())).thenReturn(receipt);
    when(settleWithdrawal.settle(any())).thenReturn(receipt);
  }

  private SettleHoldCommand holdCommand() {
    ArgumentCaptor<SettleHoldCommand> command = ArgumentCaptor.forClass(SettleHoldCommand.class);
    verify(settleHold).settle(command.capture());
    return command.getValue();
  }

  private SettleWithdrawalCommand withdrawalCommand() {
    ArgumentCaptor<SettleWithdrawalCommand> command =
        ArgumentCaptor.forClass(SettleWithdrawalCommand.class);
    verify(settleWithdrawal).settle(command.capture());
    return command.getValue();
  }

  @Test
  void aPartialCaptureIsACaptureCommandWithItsAmount() {
    assertThat(
            mvc.post()
                .uri("/v1/holds/{id}/capture", id)
                .with(operator(1))
                .header("Idempotency-Key", "cap-1")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"amount\":3000}"))
        .hasStatus(200);

    assertThat(holdCommand())
        .isEqualTo(
            new CaptureHoldCommand(Caller.operator(1), IdempotencyKey.of("cap-1"), id, 3_000L));
  }

  @Test
  void aVoidIsAVoidCommandAndCarriesNoAmount() {
    assertThat(
            mvc.post()
                .uri("/v1/holds/{id}/void", id)
                .with(user(7))
                .header("Idempotency-Key", "void-1"))
        .hasStatus(200);

    assertThat(holdCommand()).isInstanceOf(VoidHoldCommand.class);
    assertThat(holdCommand().caller()).isEqualTo(Caller.user(7));
  }

  @Test
  void theBanksTwoAnswersAreTwoCommandsAndOnlyAFailureHasAReason() {
    assertThat(
            mvc.post()
                .uri("/v1/withdrawals/{id}/fail", id)
                .with(operator(1))
                .header("Idempotency-Key", "fail-1")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"reason\":\"account closed\"}"))
        .hasStatus(200);

    assertThat(withdrawalCommand())
        .isInstanceOfSatisfying(
            FailWithdrawalCommand.class,
            failed -> assertThat(failed.reason()).isEqualTo("account closed"));
  }

  @Test
  void aCompletionIsACompleteCommand() {
    assertThat(
            mvc.post()
                .uri("/v1/withdrawals/{id}/complete", id)
                .with(operator(1))
                .header("Idempotency-Key", "done-1"))
        .hasStatus(200);

    assertThat(withdrawalCommand()).isInstanceOf(CompleteWithdrawalCommand.class);
  }

  @Test
  void aMalformedIdIsAProblemAndNothingIsSettled() {
    assertThat(
            mvc.post()
                .uri("/v1/holds/not-a-uuid/void")
                .with(user(7))
                .header("Idempotency-Key", "void-2"))
        .hasStatus(400)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo("VALIDATION_FAILED");
  }
}
