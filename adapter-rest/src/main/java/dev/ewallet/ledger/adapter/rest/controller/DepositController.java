package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.DepositRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.FailDepositRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PendingDepositResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PostingResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.AnnounceDepositUseCase;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.FailDepositCommand;
import dev.ewallet.ledger.domain.port.in.FailDepositUseCase;
import dev.ewallet.ledger.domain.port.in.GetPendingDepositQuery;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.SettleDepositCommand;
import dev.ewallet.ledger.domain.port.in.SettleDepositUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Deposits: money the bank settled, posted at once (201 with its transaction), or money it
 * announced, pending until a statement line or an operator settles or fails it (201 with the
 * pending deposit).
 */
@Tag(name = "Money movements")
@RestController
class DepositController {

  private final DepositFundsUseCase deposits;
  private final AnnounceDepositUseCase announce;
  private final SettleDepositUseCase settle;
  private final FailDepositUseCase fail;
  private final GetPendingDepositQuery pending;
  private final LedgerApiMapper mapper;

  DepositController(
      DepositFundsUseCase deposits,
      AnnounceDepositUseCase announce,
      SettleDepositUseCase settle,
      FailDepositUseCase fail,
      GetPendingDepositQuery pending,
      LedgerApiMapper mapper) {
    this.deposits = deposits;
    this.announce = announce;
    this.settle = settle;
    this.fail = fail;
    this.pending = pending;
    this.mapper = mapper;
  }

  @Operation(
      summary =
          "Credits a wallet from the bank (operators). An optional reference (1 to 128 printable"
              + " ASCII characters), description (up to 140 characters) and metadata (up to 16"
              + " string keys of 1 to 40 characters to strings of up to 500) are stored with the"
              + " transaction and are part of the idempotency fingerprint. A reference is unique"
              + " among the deposits of the currency: another deposit with it answers 409"
              + " DUPLICATE_REFERENCE and posts nothing. With \"status\":\"PENDING\" nothing is"
              + " posted: the deposit waits, shown on the wallet as pendingIn, until a bank"
              + " statement line naming its reference or an operator settles it (posting it"
              + " once, with these details) or fails it; its reference is then unique among the"
              + " currency's pending and posted deposits. Posted and pending deposits share one"
              + " key space: a key that announced a pending deposit posts nothing, and one that"
              + " posted announces nothing (422 IDEMPOTENCY_KEY_REUSED).")
  @ApiResponse(
      responseCode = "201",
      description =
          "Posted: the transaction; or, with status PENDING, announced: the pending deposit with"
              + " its id, nothing posted (a replay of either: header Idempotent-Replayed: true)",
      content =
          @Content(schema = @Schema(oneOf = {PostingResponse.class, PendingDepositResponse.class})))
  @PostMapping("/v1/deposits")
  ResponseEntity<?> deposit(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody DepositRequest body) {
    DepositFundsCommand command =
        new DepositFundsCommand(
            caller,
            RequestFields.idempotencyKey(key),
            AccountId.of(RequestFields.required(body.accountId(), "accountId")),
            RequestFields.required(body.amount(), "amount"),
            RequestFields.details(body.reference(), body.description(), body.metadata()));
    if (body.status() == null || body.status().equals("POSTED")) {
      PostingReceipt receipt = deposits.deposit(command);
      return PostingResponses.created(receipt, mapper.posting(receipt));
    }
    if (!body.status().equals("PENDING")) {
      throw new InvalidRequestException("status must be POSTED or PENDING, got " + body.status());
    }
    AnnouncedDeposit announced = announce.announce(command);
    return PostingResponses.reply(
        announced.replayed(),
        HttpStatus.CREATED,
        "/v1/deposits/" + announced.deposit().id(),
        mapper.pendingDeposit(announced.deposit()));
  }

  @Operation(summary = "A pending deposit, for its wallet's owner or an operator.")
  @GetMapping("/v1/deposits/{id}")
  PendingDepositResponse pendingDeposit(Caller caller, @PathVariable String id) {
    return mapper.pendingDeposit(pending.get(caller, TransactionId.parse(id)));
  }

  @Operation(
      summary =
          "Settles a pending deposit (operators): posts it to its wallet as a deposit with its"
              + " details, once. Settled or failed already: 409 PENDING_DEPOSIT_NOT_PENDING,"
              + " unless this Idempotency-Key settled it (a replay).")
  @PostMapping("/v1/deposits/{id}/settle")
  ResponseEntity<PendingDepositResponse> settleDeposit(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key) {
    TransactionId depositId = TransactionId.parse(id);
    PostingReceipt receipt =
        settle.settle(
            new SettleDepositCommand(caller, RequestFields.idempotencyKey(key), depositId));
    return PostingResponses.reply(
        receipt,
        HttpStatus.OK,
        "/v1/deposits/" + depositId,
        mapper.pendingDeposit(pending.get(caller, depositId)));
  }

  @Operation(
      summary =
          "Fails a pending deposit (operators): the money never came, nothing is posted and it"
              + " leaves the wallet's pendingIn. Settled or failed already: 409"
              + " PENDING_DEPOSIT_NOT_PENDING, unless this Idempotency-Key failed it.")
  @PostMapping("/v1/deposits/{id}/fail")
  PendingDepositResponse failDeposit(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody(required = false) FailDepositRequest body) {
    return mapper.pendingDeposit(
        fail.fail(
            new FailDepositCommand(
                caller,
                RequestFields.idempotencyKey(key),
                TransactionId.parse(id),
                body == null ? null : body.reason())));
  }
}
