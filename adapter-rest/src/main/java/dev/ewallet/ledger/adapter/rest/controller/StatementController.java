package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.StatementResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.ResponseHeaders;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.Statement;
import dev.ewallet.ledger.domain.port.in.StatementEntriesQuery;
import dev.ewallet.ledger.domain.port.in.StatementQuery;
import dev.ewallet.ledger.domain.port.in.StatementTotalsQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** A period's statement of an account, as JSON or streamed as CSV. */
@Tag(name = "Accounts")
@RestController
@RequestMapping("/v1/accounts")
class StatementController {

  private final StatementQuery statements;
  private final StatementTotalsQuery statementTotals;
  private final StatementEntriesQuery statementEntries;
  private final LedgerApiMapper mapper;

  StatementController(
      StatementQuery statements,
      StatementTotalsQuery statementTotals,
      StatementEntriesQuery statementEntries,
      LedgerApiMapper mapper) {
    this.statements = statements;
    this.statementTotals = statementTotals;
    this.statementEntries = statementEntries;
    this.mapper = mapper;
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
}
