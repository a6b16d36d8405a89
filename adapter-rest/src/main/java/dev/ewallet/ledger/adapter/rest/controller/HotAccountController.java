package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HotAccountDecisionResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HotAccountRuleResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HotAccountsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.RowRateResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.SplittingPolicyRequest;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.HotAccounts;
import dev.ewallet.ledger.domain.port.in.HotAccountsQuery;
import dev.ewallet.ledger.domain.port.in.SetSplittingPolicyCommand;
import dev.ewallet.ledger.domain.port.in.SetSplittingPolicyUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Hot accounts for operators: what the ledger measured and split, and their say on it. */
@Tag(name = "Hot accounts")
@RestController
@RequestMapping("/v1/hot-accounts")
class HotAccountController {

  private static final int DEFAULT_LIMIT = 50;

  private final HotAccountsQuery hotAccounts;
  private final SetSplittingPolicyUseCase setPolicy;

  HotAccountController(HotAccountsQuery hotAccounts, SetSplittingPolicyUseCase setPolicy) {
    this.hotAccounts = hotAccounts;
    this.setPolicy = setPolicy;
  }

  @Operation(
      operationId = "listHotAccounts",
      summary =
          "Hot accounts (operators): the rule by which the ledger splits merchants, the busiest"
              + " merchant rows this instance measures now, and the decisions (the ledger's"
              + " splits with the measurement that triggered them, operators' policies), newest"
              + " first.")
  @GetMapping
  HotAccountsResponse list(
      Caller caller,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? DEFAULT_LIMIT : limit;
    HotAccounts found = hotAccounts.hotAccounts(caller, RequestFields.beforeEntryId(cursor), size);
    HotAccountRule rule = found.rule();
    String next =
        found.decisions().size() < size
            ? null
            : RequestFields.cursor(found.decisions().getLast().id());
    return new HotAccountsResponse(
        new HotAccountRuleResponse(
            rule.postingsPerSecond(),
            rule.window().toString(),
            rule.firstShards(),
            rule.maxShards()),
        found.hottest().stream()
            .map(rate -> new RowRateResponse(rate.accountId().value(), rate.perSecond()))
            .toList(),
        found.decisions().stream().map(HotAccountController::response).toList(),
        next);
  }

  @Operation(
      operationId = "setSplittingPolicy",
      summary =
          "Sets whether the ledger may split a merchant by itself (operators): AUTOMATIC, FORBIDDEN,"
              + " or PINNED at shards (grown to that now; shards are never removed). A user's"
              + " wallet is never split: 400.")
  @PutMapping("/{id}")
  HotAccountDecisionResponse setPolicy(
      Caller caller, @PathVariable long id, @RequestBody SplittingPolicyRequest body) {
    return response(
        setPolicy.setSplittingPolicy(
            new SetSplittingPolicyCommand(
                caller,
                AccountId.of(id),
                SplittingPolicy.fromWire(RequestFields.required(body.splitting(), "splitting")),
                body.shards())));
  }

  private static HotAccountDecisionResponse response(HotAccountDecision decision) {
    return new HotAccountDecisionResponse(
        decision.id(),
        decision.merchant().value(),
        decision.action().name(),
        decision.shardsBefore(),
        decision.shardsAfter(),
        decision.measuredRow() == null ? null : decision.measuredRow().value(),
        decision.postingsPerSecond(),
        decision.threshold(),
        decision.decidedBy(),
        decision.decidedAt());
  }
}
