package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ResizeRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.SweepResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantCommand;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.SweepMerchantCommand;
import dev.ewallet.ledger.domain.port.in.SweepMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.SweepResult;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Operators' levers on a hot merchant's shards. */
@Tag(name = "Accounts")
@RestController
@RequestMapping("/v1/accounts")
class MerchantController {

  private final ResizeMerchantUseCase resizeMerchant;
  private final SweepMerchantUseCase sweepMerchant;
  private final LedgerApiMapper mapper;

  MerchantController(
      ResizeMerchantUseCase resizeMerchant,
      SweepMerchantUseCase sweepMerchant,
      LedgerApiMapper mapper) {
    this.resizeMerchant = resizeMerchant;
    this.sweepMerchant = sweepMerchant;
    this.mapper = mapper;
  }

  /** Grows a hot merchant's shards (operators). */
  @PostMapping("/{id}/shards")
  AccountResponse resize(Caller caller, @PathVariable long id, @RequestBody ResizeRequest body) {
    return mapper.account(
        resizeMerchant.resize(
            new ResizeMerchantCommand(
                caller, AccountId.of(id), RequestFields.required(body.shards(), "shards"))));
  }

  /** Gathers a merchant's shard balances into its main account now (operators). */
  @PostMapping("/{id}/sweep")
  SweepResponse sweep(
      Caller caller,
      @PathVariable long id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key) {
    SweepResult result =
        sweepMerchant.sweep(
            new SweepMerchantCommand(caller, RequestFields.idempotencyKey(key), AccountId.of(id)));
    return new SweepResponse(result.sweptMinor(), result.transactions());
  }
}
