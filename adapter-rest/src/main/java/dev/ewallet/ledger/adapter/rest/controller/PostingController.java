package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PostingResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferRequest;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** Transfers: the money-moving POST between wallets that answers 201 with a transaction id. */
@Tag(name = "Money movements")
@RestController
class PostingController {

  private final TransferFundsUseCase transfers;
  private final LedgerApiMapper mapper;

  PostingController(TransferFundsUseCase transfers, LedgerApiMapper mapper) {
    this.transfers = transfers;
    this.mapper = mapper;
  }

  @Operation(
      summary =
          "Moves money from the caller's wallet to another of the same currency. An optional"
              + " reference, description and metadata are stored with the transaction, shown on"
              + " both wallets' history entries, and part of the idempotency fingerprint;"
              + " transfers may share a reference.")
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
                RequestFields.required(body.amount(), "amount"),
                RequestFields.details(body.reference(), body.description(), body.metadata())));
    return PostingResponses.created(receipt, mapper.posting(receipt));
  }
}
