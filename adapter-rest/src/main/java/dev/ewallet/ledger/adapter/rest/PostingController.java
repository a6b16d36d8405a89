package dev.ewallet.ledger.adapter.rest;

import dev.ewallet.ledger.adapter.rest.ApiDtos.DepositRequest;
import dev.ewallet.ledger.adapter.rest.ApiDtos.PostingResponse;
import dev.ewallet.ledger.adapter.rest.ApiDtos.TransferRequest;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** Deposits and transfers: the money-moving POSTs that answer 201 with a transaction id. */
@Tag(name = "Money movements")
@RestController
class PostingController {

  private final DepositFundsUseCase deposits;
  private final TransferFundsUseCase transfers;
  private final LedgerApiMapper mapper;

  PostingController(
      DepositFundsUseCase deposits, TransferFundsUseCase transfers, LedgerApiMapper mapper) {
    this.deposits = deposits;
    this.transfers = transfers;
    this.mapper = mapper;
  }

  @ApiResponse(
      responseCode = "201",
      description = "Posted (or replayed: header Idempotent-Replayed: true)")
  @PostMapping("/v1/deposits")
  ResponseEntity<PostingResponse> deposit(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody DepositRequest body) {
    PostingReceipt receipt =
        deposits.deposit(
            new DepositFundsCommand(
                caller,
                RequestFields.idempotencyKey(key),
                AccountId.of(RequestFields.required(body.accountId(), "accountId")),
                RequestFields.required(body.amount(), "amount")));
    return PostingResponses.created(receipt, mapper.posting(receipt));
  }

  @ApiResponse(
      responseCode = "201",
      description = "Posted (or replayed: header Idempotent-Replayed: true)")
  @PostMapping("/v1/transfers")
  ResponseEntity<PostingResponse> transfer(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody TransferRequest body) {
    PostingReceipt receipt =
        transfers.transfer(
            new TransferFundsCommand(
                caller,
                RequestFields.idempotencyKey(key),
                AccountId.of(RequestFields.required(body.fromAccountId(), "fromAccountId")),
                AccountId.of(RequestFields.required(body.toAccountId(), "toAccountId")),
                RequestFields.required(body.amount(), "amount")));
    return PostingResponses.created(receipt, mapper.posting(receipt));
  }
}
