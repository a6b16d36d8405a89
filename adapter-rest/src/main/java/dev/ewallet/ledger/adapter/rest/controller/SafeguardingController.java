package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.SafeguardingResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.SafeguardingQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The safeguarding check on demand (operators; docs/bank-reconciliation.md). */
@Tag(name = "Bank statements")
@RestController
@RequestMapping("/v1/safeguarding")
class SafeguardingController {

  private final SafeguardingQuery safeguarding;

  SafeguardingController(SafeguardingQuery safeguarding) {
    this.safeguarding = safeguarding;
  }

  @Operation(
      summary =
          "The safeguarding check of a currency (operators): the closing balance of the latest"
              + " end-of-day statement of its safeguarding account against what the ledger owes"
              + " customers (balances and held amounts), plus payouts completed but on no"
              + " statement yet, plus credits on statements not yet posted, each term shown, and"
              + " the difference (negative: a shortfall). Before the first statement the bank's"
              + " side and the difference are null.")
  @GetMapping
  SafeguardingResponse check(Caller caller, @RequestParam(required = false) String currency) {
    SafeguardingCheck check =
        safeguarding.check(caller, CurrencyCode.of(RequestFields.required(currency, "currency")));
    return new SafeguardingResponse(
        check.currency().value(),
        check.account().number().value(),
        check.statement() == null ? null : check.statement().id(),
        check.statement() == null ? null : check.statement().statementId(),
        minor(check.bankClosing()),
        check.customerBalances().amountMinor(),
        check.heldAmounts().amountMinor(),
        check.owedToCustomers().amountMinor(),
        check.payoutsInTransit().amountMinor(),
        check.unpostedCredits().amountMinor(),
        check.expectedAtBank().amountMinor(),
        minor(check.difference()),
        check.shortfall());
  }

  private static Long minor(Money money) {
    return money == null ? null : money.amountMinor();
  }
}
