package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.LifecycleRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.SuspenseItemResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.SuspenseItemsResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CloseAccountCommand;
import dev.ewallet.ledger.domain.port.in.CloseAccountUseCase;
import dev.ewallet.ledger.domain.port.in.ReopenAccountCommand;
import dev.ewallet.ledger.domain.port.in.ReopenAccountUseCase;
import dev.ewallet.ledger.domain.port.in.SuspenseItemsQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A wallet's end and its return: closing, reopening, and what is kept in suspense meanwhile. */
@Tag(name = "Wallet lifecycle")
@RestController
class WalletLifecycleController {

  private final CloseAccountUseCase close;
  private final ReopenAccountUseCase reopen;
  private final SuspenseItemsQuery suspense;
  private final LedgerApiMapper mapper;

  WalletLifecycleController(
      CloseAccountUseCase close,
      ReopenAccountUseCase reopen,
      SuspenseItemsQuery suspense,
      LedgerApiMapper mapper) {
    this.close = close;
    this.reopen = reopen;
    this.suspense = suspense;
    this.mapper = mapper;
  }

  @Operation(
      summary =
          "Closes a wallet (its owner or operators), only at a zero balance (a merchant's shards"
              + " included) with nothing held, nothing on its way out and no deposit announced:"
              + " 409 ACCOUNT_NOT_EMPTY with balance, heldAmount and pendingIn otherwise. A closed"
              + " wallet refuses every posting with 422 ACCOUNT_CLOSED; money that arrives for it"
              + " anyway (a late refund, a reversal, a deposit) is kept in its currency's suspense"
              + " account until an operator reopens it (ledger.accounts.closed-credits=SUSPENSE,"
              + " the default) or refused (REFUSE). History, statements and proofs keep working."
              + " Closing a closed wallet again changes nothing; its owner cannot close it while"
              + " it is frozen. The body and its reason are optional.")
  @PostMapping("/v1/accounts/{id}/close")
  AccountResponse close(
      Caller caller, @PathVariable long id, @RequestBody(required = false) LifecycleRequest body) {
    return mapper.account(
        close.close(new CloseAccountCommand(caller, AccountId.of(id), reason(body))));
  }

  @Operation(
      summary =
          "Reopens a closed wallet (operators) and pays it back, in one SUSPENSE_RELEASE"
              + " transaction, everything kept in suspense for it. On an open wallet it only"
              + " releases what is still kept. The body and its reason are optional.")
  @PostMapping("/v1/accounts/{id}/reopen")
  AccountResponse reopen(
      Caller caller, @PathVariable long id, @RequestBody(required = false) LifecycleRequest body) {
    return mapper.account(
        reopen.reopen(new ReopenAccountCommand(caller, AccountId.of(id), reason(body))));
  }

  @Operation(
      summary =
          "Money kept in a currency's suspense account for closed wallets (operators), newest"
              + " first: status KEPT (the default) or ALL, at most limit (1 to 1,000; 100).")
  @GetMapping("/v1/suspense")
  SuspenseItemsResponse suspense(
      Caller caller,
      @RequestParam String currency,
      @RequestParam(defaultValue = "KEPT") String status,
      @RequestParam(defaultValue = "100") int limit) {
    boolean keptOnly =
        switch (status) {
          case "KEPT" -> true;
          case "ALL" -> false;
          default -> throw new InvalidRequestException("status must be KEPT or ALL");
        };
    if (limit < 1 || limit > 1_000) {
      throw new InvalidRequestException("limit must be 1 to 1000");
    }
    return new SuspenseItemsResponse(
        suspense
            .suspenseItems(
                caller,
                CurrencyCode.of(RequestFields.required(currency, "currency")),
                keptOnly,
                limit)
            .stream()
            .map(WalletLifecycleController::item)
            .toList());
  }

  private static String reason(LifecycleRequest body) {
    return body == null ? null : body.reason();
  }

  private static SuspenseItemResponse item(SuspenseItem item) {
    return new SuspenseItemResponse(
        item.transactionId().toString(),
        item.wallet().value(),
        item.amount().currency().value(),
        item.amount().amountMinor(),
        item.type().name(),
        item.bookedAt(),
        item.releasedBy() == null ? null : item.releasedBy().toString());
  }
}
