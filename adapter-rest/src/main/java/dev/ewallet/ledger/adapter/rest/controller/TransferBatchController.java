package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferBatchItem;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferBatchItemResult;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferBatchRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferBatchResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.port.in.AdmitRequestCommand;
import dev.ewallet.ledger.domain.port.in.AdmitRequestUseCase;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.SubmitTransferBatchUseCase;
import dev.ewallet.ledger.domain.port.in.TransferBatchCommand;
import dev.ewallet.ledger.domain.port.in.TransferBatchResult;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Many transfers in one request, each posted or refused on its own. */
@Tag(name = "Money movements")
@RestController
class TransferBatchController {

  private static final Logger LOG = LoggerFactory.getLogger(TransferBatchController.class);

  private final SubmitTransferBatchUseCase batches;
  private final AdmitRequestUseCase admission;

  TransferBatchController(SubmitTransferBatchUseCase batches, AdmitRequestUseCase admission) {
    this.batches = batches;
    this.admission = admission;
  }

  @Operation(
      summary =
          "Posts 1 to 100 transfers, each on its own under its own key with exactly the"
              + " idempotency of POST /v1/transfers, all in one posting batch. The caller must own"
              + " every source wallet (an operator: any). Each transfer takes one permit of the"
              + " caller's budget (the request's own counts as the first). A malformed item, a key"
              + " used twice or more than 100 items refuse the whole batch, and nothing posts.")
  @ApiResponse(
      responseCode = "200",
      description =
          "One result per transfer, in request order: 201 with its transactionId, or its refusal's"
              + " status, code and detail",
      content = @Content(schema = @Schema(implementation = TransferBatchResponse.class)))
  @PostMapping("/v1/transfer-batches")
  ResponseEntity<?> submit(Caller caller, @RequestBody TransferBatchRequest body) {
    List<TransferBatchItem> items = RequestFields.required(body.transfers(), "transfers");
    TransferBatchCommand command = new TransferBatchCommand(caller, transfers(caller, items));
    if (items.size() > 1) {
      RateLimitDecision decision =
          admission.admit(new AdmitRequestCommand(caller, RequestKind.WRITE, items.size() - 1));
      if (!decision.allowed()) {
        return ResponseEntity.status(ProblemCode.RATE_LIMITED.status())
            .header(HttpHeaders.RETRY_AFTER, String.valueOf(decision.retryAfterSeconds()))
            .contentType(MediaType.APPLICATION_PROBLEM_JSON)
            .body(
                ProblemCode.RATE_LIMITED.problem(
                    "the batch's "
                        + items.size()
                        + " transfers are more than the caller's budget has left; retry after "
                        + decision.retryAfterSeconds()
                        + " s"));
      }
    }
    return ResponseEntity.ok(
        new TransferBatchResponse(
            batches.submit(command).stream().map(TransferBatchController::result).toList()));
  }

  /** Each item as a transfer command; a malformed one refuses the batch, naming it. */
  private static List<TransferFundsCommand> transfers(
      Caller caller, List<TransferBatchItem> items) {
    List<TransferFundsCommand> transfers = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      TransferBatchItem item = Objects.requireNonNullElse(items.get(i), EMPTY);
      try {
        transfers.add(
            new TransferFundsCommand(
                caller,
                IdempotencyKey.of(RequestFields.required(item.key(), "key")),
                AccountId.of(RequestFields.required(item.fromAccountId(), "fromAccountId")),
                AccountId.of(RequestFields.required(item.toAccountId(), "toAccountId")),
                RequestFields.required(item.amount(), "amount"),
                RequestFields.details(item.reference(), item.description(), item.metadata())));
      } catch (LedgerException | IllegalArgumentException malformed) {
        throw new InvalidRequestException("transfers[" + i + "]: " + malformed.getMessage());
      }
    }
    return transfers;
  }

  private static final TransferBatchItem EMPTY =
      new TransferBatchItem(null, null, null, null, null, null, null);

  private static TransferBatchItemResult result(TransferBatchResult result) {
    String key = result.key().value();
    if (result.receipt() != null) {
      return new TransferBatchItemResult(
          key,
          201,
          result.receipt().transactionId().toString(),
          result.receipt().replayed() ? Boolean.TRUE : null,
          null,
          null);
    }
    if (result.refusal() instanceof LedgerException refusal) {
      ProblemCode code = ProblemCode.of(refusal);
      return new TransferBatchItemResult(
          key, code.status().value(), null, null, code.name(), refusal.getMessage());
    }
    LOG.error("a transfer of a batch failed unexpectedly", result.refusal());
    return new TransferBatchItemResult(
        key,
        ProblemCode.INTERNAL_ERROR.status().value(),
        null,
        null,
        ProblemCode.INTERNAL_ERROR.name(),
        "an unexpected error occurred; retry the transfer with the same key to learn the outcome");
  }
}
