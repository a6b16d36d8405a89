package dev.ewallet.ledger.adapter.rest.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.ewallet.ledger.adapter.rest.RestSliceTest;
import dev.ewallet.ledger.adapter.rest.dto.ResponseHeaders;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

/**
 * Transfers and deposits over HTTP, with the use cases mocked: what reaches them, what comes back.
 */
@WebMvcTest(PostingController.class)
class PostingControllerTest extends RestSliceTest {

  private static final String TRANSFER = "{\"fromAccountId\":1,\"toAccountId\":2,\"amount\":2500}";

  @MockitoBean TransferFundsUseCase transfers;
  @MockitoBean DepositFundsUseCase deposits;

  /** User 7 moves 2,500 from wallet 1 to wallet 2 with this key. */
  private MockMvcTester.MockMvcRequestBuilder transfer(String key) {
    return mvc.post()
        .uri("/v1/transfers")
        .with(user(7))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .content(TRANSFER);
  }

  @Test
  void aTransferReachesTheUseCaseAsTheCallersCommandAndAnswers201() {
    TransactionId id = TransactionId.random();
    when(transfers.transfer(any()))
        .thenReturn(new PostingReceipt(id, TransactionType.TRANSFER, false));

    assertThat(transfer("tr-1"))
        .hasStatus(201)
        .hasHeader("Location", "/v1/transactions/" + id)
        .bodyJson()
        .extractingPath("$.transactionId")
        .isEqualTo(id.toString());
    ArgumentCaptor<TransferFundsCommand> command =
        ArgumentCaptor.forClass(TransferFundsCommand.class);
    verify(transfers).transfer(command.capture());
    assertThat(command.getValue().caller()).isEqualTo(Caller.user(7));
    assertThat(command.getValue().fromAccountId()).isEqualTo(AccountId.of(1));
    assertThat(command.getValue().amountMinor()).isEqualTo(2_500);
    assertThat(command.getValue().idempotencyKey().value()).isEqualTo("tr-1");
  }

  @Test
  void aReplayIsMarkedAsSuch() {
    when(transfers.transfer(any()))
        .thenReturn(new PostingReceipt(TransactionId.random(), TransactionType.TRANSFER, true));

    assertThat(transfer("tr-1")).hasStatus(201).hasHeader(ResponseHeaders.REPLAYED, "true");
  }

  @Test
  void aWriteWithoutAnIdempotencyKeyNeverReachesTheUseCase() {
    assertThat(
            mvc.post()
                .uri("/v1/transfers")
                .with(user(7))
                .contentType(MediaType.APPLICATION_JSON)
                .content(TRANSFER))
        .hasStatus(400)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo("IDEMPOTENCY_KEY_MISSING");
    verifyNoInteractions(transfers);
  }

  @Test
  void refusalsAndOverloadAreProblemsWithStableCodes() {
    when(transfers.transfer(any()))
        .thenThrow(new InsufficientFundsException(1, 0, 2_500))
        .thenThrow(new OverloadedException("the database did not answer in time"));

    assertThat(transfer("tr-2"))
        .hasStatus(422)
        .hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo("INSUFFICIENT_FUNDS");
    assertThat(transfer("tr-3")).hasStatus(503).containsHeader("Retry-After");
  }

  @Test
  void depositsAreForOperatorsAndATokenIsRequired() {
    String deposit = "{\"accountId\":1,\"amount\":100}";

    assertThat(
            mvc.post()
                .uri("/v1/deposits")
                .with(user(7))
                .header("Idempotency-Key", "dep-1")
                .contentType(MediaType.APPLICATION_JSON)
                .content(deposit))
        .hasStatus(403);
    assertThat(
            mvc.post()
                .uri("/v1/deposits")
                .header("Idempotency-Key", "dep-1")
                .contentType(MediaType.APPLICATION_JSON)
                .content(deposit))
        .hasStatus(401)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo("UNAUTHENTICATED");
    verifyNoInteractions(deposits);
  }
}
