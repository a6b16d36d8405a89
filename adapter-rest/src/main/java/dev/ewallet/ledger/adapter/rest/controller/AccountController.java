package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.BalanceAtResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CreateAccountRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.EntriesResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ResizeRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.StatementResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.SweepResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.dto.ResponseHeaders;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.EntryHash;
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
import dev.ewallet.ledger.domain.port.in.ResizeMerchantCommand;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.Statement;
import dev.ewallet.ledger.domain.port.in.StatementEntriesQuery;
import dev.ewallet.ledger.domain.port.in.StatementQuery;
import dev.ewallet.ledger.domain.port.in.StatementTotalsQuery;
import dev.ewallet.ledger.domain.port.in.SweepMerchantCommand;
import dev.ewallet.ledger.domain.port.in.SweepMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.SweepResult;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

@Tag(name = "Accounts")
@RestController
@RequestMapping("/v1/accounts")
class AccountController {

  private final CreateAccountUseCase createAccount;
  private final GetAccountQuery getAccount;
  private final ListAccountsQuery listAccounts;
  private final AccountEntriesQuery entries;
  private final BalanceAtQuery balanceAt;
  private final StatementQuery statements;
  private final StatementTotalsQuery statementTotals;
  private final StatementEntriesQuery statementEntries;
  private final ResizeMerchantUseCase resizeMerchant;
  private final SweepMerchantUseCase sweepMerchant;
  private final LedgerApiMapper mapper;

  AccountController(
      CreateAccountUseCase createAccount,
      GetAccountQuery getAccount,
      ListAccountsQuery listAccounts,
      AccountEntriesQuery entries,
      BalanceAtQuery balanceAt,
      StatementQuery statements,
      StatementTotalsQuery statementTotals,
      StatementEntriesQuery statementEntries,
      ResizeMerchantUseCase resizeMerchant,
      SweepMerchantUseCase sweepMerchant,
      LedgerApiMapper mapper) {
    this.createAccount = createAccount;
    this.getAccount = getAccount;
    this.listAccounts = listAccounts;
    this.entries = entries;
    this.balanceAt = balanceAt;
    this.statements = statements;
    this.statementTotals = statementTotals;
    this.statementEntries = statementEntries;
    this.resizeMerchant = resizeMerchant;
    this.sweepMerchant = sweepMerchant;
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
              + " balance, the held amount and the shards are unchanged.")
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

  @Operation(
      summary =
          "The account's statement of [from, to): opening and closing balances, total credits and"
              + " debits, and the entries oldest first (a merchant's with its shards'). At most"
              + " 10,000 entries; more answer 422 STATEMENT_TOO_LARGE: ask for text/csv, which"
              + " streams any number.")
  @GetMapping(value = "/{id}/statement", produces = MediaType.APPLICATION_JSON_VALUE)
  StatementResponse statement(
      Caller caller, @PathVariable long id, @RequestParam Instant from, @RequestParam Instant to) {
    Statement statement = statements.statement(caller, AccountId.of(id), from, to);
    return new StatementResponse(
        id,
        statement.account().currency().value(),
        statement.from(),
        statement.to(),
        statement.opening().amountMinor(),
        statement.closing().amountMinor(),
        statement.totalCredits().amountMinor(),
        statement.totalDebits().amountMinor(),
        statement.entryCount(),
        hex(statement.openingHash()),
        hex(statement.closingHash()),
        statement.entries().stream().map(mapper::entry).toList());
  }

  /**
   * The statement's entries as CSV, streamed: the period and the caller's right are checked first
   * (a refusal is a problem, not a CSV), then each entry is written as it is read, so any number
   * passes through a bounded amount of memory.
   */
  @Operation(
      summary =
          "The statement's entries as CSV (Accept: text/csv): a header row, then one row per"
              + " entry, oldest first, streamed for any number of entries. The totals travel in the"
              + " Statement-Opening-Balance, Statement-Closing-Balance, Statement-Entry-Count,"
              + " Statement-Opening-Hash and Statement-Closing-Hash headers.")
  @GetMapping(value = "/{id}/statement", produces = StatementCsv.MEDIA_TYPE)
  ResponseEntity<StreamingResponseBody> statementCsv(
      Caller caller, @PathVariable long id, @RequestParam Instant from, @RequestParam Instant to) {
    Statement totals = statementTotals.totals(caller, AccountId.of(id), from, to);
    StreamingResponseBody body =
        out -> {
          Writer writer =
              new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
          StatementCsv csv = new StatementCsv(writer);
          csv.header();
          statementEntries.streamEntries(caller, AccountId.of(id), from, to, csv::row);
          writer.flush();
        };
    ResponseEntity.BodyBuilder answer =
        ResponseEntity.ok()
            .contentType(new MediaType("text", "csv", StandardCharsets.UTF_8))
            .header(
                HttpHeaders.CONTENT_DISPOSITION,
                "attachment; filename=\"statement-" + id + ".csv\"")
            .header(ResponseHeaders.OPENING_BALANCE, String.valueOf(totals.opening().amountMinor()))
            .header(ResponseHeaders.CLOSING_BALANCE, String.valueOf(totals.closing().amountMinor()))
            .header(ResponseHeaders.ENTRY_COUNT, String.valueOf(totals.entryCount()));
    if (totals.openingHash() != null) {
      answer
          .header(ResponseHeaders.OPENING_HASH, totals.openingHash().hex())
          .header(ResponseHeaders.CLOSING_HASH, totals.closingHash().hex());
    }
    return answer.body(body);
  }

  private static String hex(EntryHash hash) {
    return hash == null ? null : hash.hex();
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

  private static AccountKind kind(String name) {
    return Arrays.stream(AccountKind.values())
        .filter(kind -> kind.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new InvalidRequestException("unknown account kind " + name));
  }
}
