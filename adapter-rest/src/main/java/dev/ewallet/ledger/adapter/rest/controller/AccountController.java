package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.BalanceAtResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CreateAccountRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.EntriesResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.AccountEntriesQuery;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.BalanceAt;
import dev.ewallet.ledger.domain.port.in.BalanceAtQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.CreateAccountUseCase;
import dev.ewallet.ledger.domain.port.in.EntriesPage;
import dev.ewallet.ledger.domain.port.in.GetAccountQuery;
import dev.ewallet.ledger.domain.port.in.ListAccountsQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Accounts")
@RestController
@RequestMapping("/v1/accounts")
class AccountController {

  private final CreateAccountUseCase createAccount;
  private final GetAccountQuery getAccount;
  private final ListAccountsQuery listAccounts;
  private final AccountEntriesQuery entries;
  private final BalanceAtQuery balanceAt;
  private final LedgerApiMapper mapper;

  AccountController(
      CreateAccountUseCase createAccount,
      GetAccountQuery getAccount,
      ListAccountsQuery listAccounts,
      AccountEntriesQuery entries,
      BalanceAtQuery balanceAt,
      LedgerApiMapper mapper) {
    this.createAccount = createAccount;
    this.getAccount = getAccount;
    this.listAccounts = listAccounts;
    this.entries = entries;
    this.balanceAt = balanceAt;
    this.mapper = mapper;
  }

  @ApiResponse(responseCode = "201", description = "Opened; Location names the account")
  @PostMapping
  ResponseEntity<AccountResponse> create(Caller caller, @RequestBody CreateAccountRequest body) {
    AccountView account =
        createAccount.create(
            new CreateAccountCommand(
                caller,
                CurrencyCode.of(RequestFields.required(body.currency(), "currency")),
                body.ownerId() == null ? null : UserId.of(body.ownerId()),
                body.kind() == null ? null : kind(body.kind()),
                body.shards()));
    return ResponseEntity.created(URI.create("/v1/accounts/" + account.account().id()))
        .body(mapper.account(account));
  }

  @GetMapping
  AccountsResponse listAccounts(Caller caller, @RequestParam(required = false) Long ownerId) {
    UserId owner = ownerId == null ? null : UserId.of(ownerId);
    return new AccountsResponse(
        listAccounts.list(caller, owner).stream().map(mapper::account).toList());
  }

  @Operation(
      summary =
          "The account, with an ETag naming its revision and Cache-Control: private, no-cache."
              + " Sent back in If-None-Match, the ETag is answered 304 without a body while the"
              + " balance, the held amount, the pending credits, the shards and the status are"
              + " unchanged. Three amounts: balance is what the owner can spend; heldAmount is"
              + " pending debits (holds and withdrawals waiting for their capture or the bank),"
              + " already out of the balance; pendingIn is pending credits (deposits the bank"
              + " announced), not yet in it. For example, a wallet with 100000 that places a"
              + " hold of 20000 and is announced a pending deposit of 30000 reads balance 80000,"
              + " heldAmount 20000, pendingIn 30000; when the deposit settles it reads balance"
              + " 110000, heldAmount 20000, pendingIn 0; when the hold is voided, balance 130000"
              + " and heldAmount 0. The money the wallet holds is balance + heldAmount; pendingIn"
              + " is not the wallet's until it settles.")
  @Parameter(
      in = ParameterIn.HEADER,
      name = HttpHeaders.IF_NONE_MATCH,
      description = "ETags of revisions the client holds",
      schema = @Schema(type = "string"))
  @ApiResponse(responseCode = "200", description = "The account, with an ETag of its revision")
  @ApiResponse(
      responseCode = "304",
      description = "If-None-Match named the current revision: nothing changed, no body",
      content = @Content)
  @GetMapping("/{id}")
  ResponseEntity<AccountResponse> getAccount(Caller caller, @PathVariable long id) {
    AccountView account = getAccount.get(caller, AccountId.of(id));
    return conditional(account.revision(), mapper.account(account));
  }

  @Operation(
      summary =
          "A page of the account's history, newest first (by time, then entry id: for one account"
              + " the order its entries were posted in), with an ETag naming the page's entries"
              + " and Cache-Control: private, no-cache. Sent back in If-None-Match, the ETag is"
              + " answered 304 without a body while the page is unchanged. The next page is asked"
              + " for with the nextCursor of this one; cursors are opaque. Filters combine with"
              + " each other and with the cursor. A filtered page may hold fewer entries than the"
              + " limit, even none, while nextCursor is present: amounts (and a reference many"
              + " transactions carry) are checked on at most 2,000 entries per page; only a page"
              + " without nextCursor is the last.")
  @Parameter(
      in = ParameterIn.HEADER,
      name = HttpHeaders.IF_NONE_MATCH,
      description = "ETags of pages the client holds",
      schema = @Schema(type = "string"))
  @ApiResponse(responseCode = "200", description = "The page, with an ETag of its revision")
  @ApiResponse(
      responseCode = "304",
      description = "If-None-Match named the page as it is: no entry came, no body",
      content = @Content)
  @GetMapping("/{id}/entries")
  ResponseEntity<EntriesResponse> entries(
      Caller caller,
      @PathVariable long id,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor,
      @Parameter(description = "Only entries of transactions of this type, such as TRANSFER")
          @RequestParam(required = false)
          String type,
      @Parameter(
              description = "Only credits (in) or debits (out)",
              schema = @Schema(allowableValues = {"in", "out"}))
          @RequestParam(required = false)
          String direction,
      @Parameter(description = "Only entries at or after this instant (ISO-8601)")
          @RequestParam(required = false)
          Instant from,
      @Parameter(description = "Only entries before this instant (ISO-8601)")
          @RequestParam(required = false)
          Instant to,
      @Parameter(description = "Only entries of at least this amount, without its sign")
          @RequestParam(required = false)
          Long minAmount,
      @Parameter(description = "Only entries of at most this amount, without its sign")
          @RequestParam(required = false)
          Long maxAmount,
      @Parameter(description = "Only entries of transactions carrying this reference")
          @RequestParam(required = false)
          String reference) {
    EntriesPage page =
        entries.entries(
            caller,
            AccountId.of(id),
            RequestFields.historyFilter(type, direction, from, to, minAmount, maxAmount, reference),
            RequestFields.historyPosition(cursor),
            limit == null ? AccountEntriesQuery.DEFAULT_LIMIT : limit);
    String next = page.next() == null ? null : RequestFields.cursor(page.next());
    return conditional(
        page.revision(),
        new EntriesResponse(page.items().stream().map(mapper::entry).toList(), next));
  }

  @Operation(
      summary =
          "The account's balance at an instant (ISO-8601): the balance after its last entry at or"
              + " before it, 0 with lastEntryId null before its first entry. An instant whose"
              + " entries are archived answers 400.")
  @GetMapping("/{id}/balance")
  BalanceAtResponse balance(Caller caller, @PathVariable long id, @RequestParam Instant at) {
    BalanceAt balance = balanceAt.balanceAt(caller, AccountId.of(id), at);
    return new BalanceAtResponse(
        id,
        balance.account().currency().value(),
        balance.at(),
        balance.balance().amountMinor(),
        balance.lastEntryId());
  }

  /**
   * An answer that carries the revision of what it shows as its {@code ETag}. Spring MVC compares
   * it with the request's {@code If-None-Match} and answers 304 without a body on a match, after
   * the use case has read and checked the caller's right. {@code Cache-Control: private, no-cache}:
   * a client may keep the answer but must ask again before showing it, and no shared cache may keep
   * it.
   */
  private static <T> ResponseEntity<T> conditional(String revision, T body) {
    return ResponseEntity.ok()
        .eTag('"' + revision + '"')
        .cacheControl(CacheControl.noCache().cachePrivate())
        .body(body);
  }

  private static AccountKind kind(String name) {
    return Arrays.stream(AccountKind.values())
        .filter(kind -> kind.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new InvalidRequestException("unknown account kind " + name));
  }
}
