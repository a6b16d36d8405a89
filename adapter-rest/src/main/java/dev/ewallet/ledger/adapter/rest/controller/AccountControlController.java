package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.FreezeRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.LimitWindow;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.LimitsRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.LimitsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.UnfreezeRequest;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusCommand;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusUseCase;
import dev.ewallet.ledger.domain.port.in.OutgoingLimitsQuery;
import dev.ewallet.ledger.domain.port.in.OutgoingLimitsView;
import dev.ewallet.ledger.domain.port.in.SetOutgoingLimitsCommand;
import dev.ewallet.ledger.domain.port.in.SetOutgoingLimitsUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Operators' controls on a wallet: freezing it under review, and lifting the freeze. */
@Tag(name = "Account controls")
@RestController
@RequestMapping("/v1/accounts")
class AccountControlController {

  private final ChangeAccountStatusUseCase changeStatus;
  private final SetOutgoingLimitsUseCase setLimits;
  private final OutgoingLimitsQuery limits;
  private final LedgerApiMapper mapper;

  AccountControlController(
      ChangeAccountStatusUseCase changeStatus,
      SetOutgoingLimitsUseCase setLimits,
      OutgoingLimitsQuery limits,
      LedgerApiMapper mapper) {
    this.changeStatus = changeStatus;
    this.setLimits = setLimits;
    this.limits = limits;
    this.mapper = mapper;
  }

  @Operation(
      summary =
          "Sets a wallet's own outgoing limits (operators), in minor units per UTC day and per"
              + " UTC month; null for its currency's default (ledger.limits.<CURRENCY>.daily-out"
              + " and .monthly-out). Debits past a limit answer 422 LIMIT_EXCEEDED.")
  @PutMapping("/{id}/limits")
  LimitsResponse setLimits(Caller caller, @PathVariable long id, @RequestBody LimitsRequest body) {
    return limits(
        setLimits.setLimits(
            new SetOutgoingLimitsCommand(
                caller, AccountId.of(id), body.dailyOut(), body.monthlyOut())));
  }

  @Operation(
      summary =
          "A wallet's outgoing limits (owner or operators): per UTC day and month, the limit, what"
              + " left the wallet so far, what remains and when the window resets.")
  @GetMapping("/{id}/limits")
  LimitsResponse limits(Caller caller, @PathVariable long id) {
    return limits(limits.limits(caller, AccountId.of(id)));
  }

  private static LimitsResponse limits(OutgoingLimitsView view) {
    return new LimitsResponse(window(view.dailyOut()), window(view.monthlyOut()));
  }

  private static LimitWindow window(OutgoingLimitsView.Window window) {
    return new LimitWindow(window.limit(), window.used(), window.remaining(), window.resetsAt());
  }

  @Operation(
      summary =
          "Freezes a wallet (operators): DEBITS refuses every debit (transfers out, withdrawals,"
              + " holds, legs) with 422 ACCOUNT_FROZEN and still lets money in; ALL refuses credits"
              + " too. A merchant's shards are frozen with it. Reversals, refunds, sweeps and the"
              + " settling of pending withdrawals and holds still post.")
  @PostMapping("/{id}/freeze")
  AccountResponse freeze(Caller caller, @PathVariable long id, @RequestBody FreezeRequest body) {
    AccountStatus status =
        switch (RequestFields.required(body.mode(), "mode")) {
          case "DEBITS" -> AccountStatus.FROZEN_DEBITS;
          case "ALL" -> AccountStatus.FROZEN_ALL;
          default -> throw new InvalidRequestException("mode must be DEBITS or ALL");
        };
    return change(caller, id, status, body.reason());
  }

  @Operation(summary = "Lifts a wallet's freeze (operators); the body and its reason are optional.")
  @PostMapping("/{id}/unfreeze")
  AccountResponse unfreeze(
      Caller caller, @PathVariable long id, @RequestBody(required = false) UnfreezeRequest body) {
    return change(caller, id, AccountStatus.ACTIVE, body == null ? null : body.reason());
  }

  private AccountResponse change(Caller caller, long id, AccountStatus status, String reason) {
    return mapper.account(
        changeStatus.changeStatus(
            new ChangeAccountStatusCommand(caller, AccountId.of(id), status, reason)));
  }
}
