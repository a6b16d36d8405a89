package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CaptureRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.FailWithdrawalRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HoldPlaced;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HoldRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HoldResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HoldsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WithdrawalAccepted;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WithdrawalRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WithdrawalResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WithdrawalsResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingPosition;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CaptureHoldCommand;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.ExpiringHoldsQuery;
import dev.ewallet.ledger.domain.port.in.FailWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.GetHoldQuery;
import dev.ewallet.ledger.domain.port.in.GetWithdrawalQuery;
import dev.ewallet.ledger.domain.port.in.PendingWithdrawalsQuery;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.SettleHoldCommand;
import dev.ewallet.ledger.domain.port.in.SettleHoldUseCase;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.SettleWithdrawalUseCase;
import dev.ewallet.ledger.domain.port.in.VoidHoldCommand;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Withdrawals and holds: PENDING state machines over the hold account. Starting one answers with
 * its id (202 for a withdrawal, which waits for the bank; 201 for a hold); every later step answers
 * 200 with the withdrawal or hold as it now is.
 */
@Tag(name = "Withdrawals and holds")
@RestController
class BankFlowController {

  private static final int PENDING_PAGE = 50;

  private final RequestWithdrawalUseCase requestWithdrawal;
  private final SettleWithdrawalUseCase settleWithdrawal;
  private final GetWithdrawalQuery withdrawals;
  private final PendingWithdrawalsQuery pendingWithdrawals;
  private final PlaceHoldUseCase placeHold;
  private final SettleHoldUseCase settleHold;
  private final GetHoldQuery holds;
  private final ExpiringHoldsQuery expiringHolds;
  private final LedgerApiMapper mapper;

  BankFlowController(
      RequestWithdrawalUseCase requestWithdrawal,
      SettleWithdrawalUseCase settleWithdrawal,
      GetWithdrawalQuery withdrawals,
      PendingWithdrawalsQuery pendingWithdrawals,
      PlaceHoldUseCase placeHold,
      SettleHoldUseCase settleHold,
      GetHoldQuery holds,
      ExpiringHoldsQuery expiringHolds,
      LedgerApiMapper mapper) {
    this.requestWithdrawal = requestWithdrawal;
    this.settleWithdrawal = settleWithdrawal;
    this.withdrawals = withdrawals;
    this.pendingWithdrawals = pendingWithdrawals;
    this.placeHold = placeHold;
    this.settleHold = settleHold;
    this.holds = holds;
    this.expiringHolds = expiringHolds;
    this.mapper = mapper;
  }

  @ApiResponse(responseCode = "202", description = "Accepted: the money is held, the bank is asked")
  @PostMapping("/v1/withdrawals")
  ResponseEntity<WithdrawalAccepted> withdraw(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody WithdrawalRequest body) {
    PostingReceipt receipt =
        requestWithdrawal.request(
            new RequestWithdrawalCommand(
                caller,
                RequestFields.idempotencyKey(key),
                AccountId.of(RequestFields.required(body.accountId(), "accountId")),
                RequestFields.required(body.amount(), "amount"),
                RequestFields.payee(body.payee())));
    String id = receipt.transactionId().toString();
    return PostingResponses.reply(
        receipt,
        HttpStatus.ACCEPTED,
        "/v1/withdrawals/" + id,
        new WithdrawalAccepted(id, "PENDING"));
  }

  @Operation(
      summary =
          "The withdrawals waiting for the bank (operators), oldest first: the payout work queue,"
              + " each completed or failed by the bank's answer or an operator.")
  @GetMapping("/v1/withdrawals")
  WithdrawalsResponse pendingWithdrawals(
      Caller caller,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? PENDING_PAGE : limit;
    List<Withdrawal> page =
        pendingWithdrawals.pending(caller, RequestFields.pendingPosition(cursor), size);
    String next =
        page.size() < size ? null : RequestFields.cursor(PendingPosition.of(page.getLast()));
    return new WithdrawalsResponse(page.stream().map(mapper::withdrawal).toList(), next);
  }

  @GetMapping("/v1/withdrawals/{id}")
  WithdrawalResponse withdrawal(Caller caller, @PathVariable String id) {
    return mapper.withdrawal(withdrawals.get(caller, TransactionId.parse(id)));
  }

  @PostMapping("/v1/withdrawals/{id}/complete")
  ResponseEntity<WithdrawalResponse> complete(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key) {
    return settleWithdrawal(
        caller,
        new CompleteWithdrawalCommand(
            caller, RequestFields.idempotencyKey(key), TransactionId.parse(id)));
  }

  @PostMapping("/v1/withdrawals/{id}/fail")
  ResponseEntity<WithdrawalResponse> fail(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody(required = false) FailWithdrawalRequest body) {
    return settleWithdrawal(
        caller,
        new FailWithdrawalCommand(
            caller,
            RequestFields.idempotencyKey(key),
            TransactionId.parse(id),
            body == null ? null : body.reason()));
  }

  private ResponseEntity<WithdrawalResponse> settleWithdrawal(
      Caller caller, SettleWithdrawalCommand command) {
    PostingReceipt receipt = settleWithdrawal.settle(command);
    return PostingResponses.reply(
        receipt,
        HttpStatus.OK,
        "/v1/withdrawals/" + command.withdrawalId(),
        mapper.withdrawal(withdrawals.get(caller, command.withdrawalId())));
  }

  @ApiResponse(
      responseCode = "201",
      description = "Placed; the money is held until capture, void or expiry")
  @PostMapping("/v1/holds")
  ResponseEntity<HoldPlaced> hold(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody HoldRequest body) {
    PostingReceipt receipt =
        placeHold.place(
            new PlaceHoldCommand(
                caller,
                RequestFields.idempotencyKey(key),
                AccountId.of(RequestFields.required(body.accountId(), "accountId")),
                AccountId.of(
                    RequestFields.required(body.destinationAccountId(), "destinationAccountId")),
                RequestFields.required(body.amount(), "amount"),
                RequestFields.required(body.expiresAt(), "expiresAt")));
    String id = receipt.transactionId().toString();
    return PostingResponses.reply(
        receipt, HttpStatus.CREATED, "/v1/holds/" + id, new HoldPlaced(id, "PENDING"));
  }

  @Operation(
      summary =
          "The holds about to expire (operators): still pending and expiring before"
              + " expiringBefore (by default a day from now), soonest first.")
  @GetMapping("/v1/holds")
  HoldsResponse expiringHolds(
      Caller caller,
      @RequestParam(required = false) Instant expiringBefore,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? PENDING_PAGE : limit;
    List<Hold> page =
        expiringHolds.expiring(caller, expiringBefore, RequestFields.pendingPosition(cursor), size);
    String next =
        page.size() < size ? null : RequestFields.cursor(PendingPosition.of(page.getLast()));
    return new HoldsResponse(page.stream().map(mapper::hold).toList(), next);
  }

  @GetMapping("/v1/holds/{id}")
  HoldResponse getHold(Caller caller, @PathVariable String id) {
    return mapper.hold(holds.get(caller, TransactionId.parse(id)));
  }

  @PostMapping("/v1/holds/{id}/capture")
  ResponseEntity<HoldResponse> capture(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody(required = false) CaptureRequest body) {
    return settleHold(
        caller,
        new CaptureHoldCommand(
            caller,
            RequestFields.idempotencyKey(key),
            TransactionId.parse(id),
            body == null ? null : body.amount()));
  }

  @PostMapping("/v1/holds/{id}/void")
  ResponseEntity<HoldResponse> voidHold(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key) {
    return settleHold(
        caller,
        new VoidHoldCommand(caller, RequestFields.idempotencyKey(key), TransactionId.parse(id)));
  }

  private ResponseEntity<HoldResponse> settleHold(Caller caller, SettleHoldCommand command) {
    PostingReceipt receipt = settleHold.settle(command);
    return PostingResponses.reply(
        receipt,
        HttpStatus.OK,
        "/v1/holds/" + command.holdId(),
        mapper.hold(holds.get(caller, command.holdId())));
  }
}
