package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.BankStatementLineResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.BankStatementLinesResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ImportedLine;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ImportedStatement;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.LineResolutionRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.StatementImportResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.BankStatementLinesQuery;
import dev.ewallet.ledger.domain.port.in.BookDepositLineCommand;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DismissStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsCommand;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsUseCase;
import dev.ewallet.ledger.domain.port.in.MatchDepositLineCommand;
import dev.ewallet.ledger.domain.port.in.MatchStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.ResolveStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.ResolveStatementLineUseCase;
import dev.ewallet.ledger.domain.port.in.StatementImport;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The bank's statements in (operators): ISO 20022 camt.053 and camt.054 files imported, their lines
 * matched to withdrawals, what is left unmatched listed and resolved by hand
 * (docs/bank-reconciliation.md).
 */
@Tag(name = "Bank statements")
@RestController
@RequestMapping("/v1/bank-statements")
class BankStatementController {

  private static final int DEFAULT_LIMIT = 50;
  private static final String TEXT_CSV = "text/csv";

  private final ImportBankStatementsUseCase importStatements;
  private final BankStatementLinesQuery lines;
  private final ResolveStatementLineUseCase resolve;

  BankStatementController(
      ImportBankStatementsUseCase importStatements,
      BankStatementLinesQuery lines,
      ResolveStatementLineUseCase resolve) {
    this.importStatements = importStatements;
    this.lines = lines;
    this.resolve = resolve;
  }

  @Operation(
      summary =
          "Imports a bank file (operators): an ISO 20022 camt.053.001.09 end-of-day statement or"
              + " camt.054.001.09 notification as the XML body, validated against its schema, or"
              + " a statement in the CSV layout of docs/bank-reconciliation.md as text/csv."
              + " Each statement is stored once by its message and statement ids (importing it"
              + " again changes nothing and answers 200; other content under the same ids is 409"
              + " STATEMENT_CONFLICT), must be for a configured bank account (ledger.bank.accounts)"
              + " and, at the end of day, add up from its opening to its closing balance (400"
              + " STATEMENT_INVALID, like a file that is malformed or not valid against its"
              + " schema). 201 when a statement was stored. Lines naming a withdrawal by its"
              + " end-to-end id complete it (SETTLED_WITHDRAWAL) or fail it (a return:"
              + " FAILED_WITHDRAWAL); a credit whose end-to-end id or remittance names the"
              + " reference of a pending deposit of its amount settles it (SETTLED_DEPOSIT); an"
              + " end-of-day credit naming a wallet's depositReference is booked to that wallet"
              + " (BOOKED_DEPOSIT); the others wait as UNMATCHED. dryRun=true stores and settles"
              + " nothing and answers 200 with what the import would do.",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = {
                @Content(
                    mediaType = MediaType.APPLICATION_XML_VALUE,
                    schema = @Schema(type = "string", format = "binary")),
                @Content(mediaType = TEXT_CSV, schema = @Schema(type = "string", format = "binary"))
              }))
  @ApiResponse(responseCode = "201", description = "A statement was stored")
  @ApiResponse(
      responseCode = "200",
      description = "Every statement was imported before (nothing changed), or a dry run")
  @PostMapping(
      consumes = {MediaType.APPLICATION_XML_VALUE, MediaType.TEXT_XML_VALUE, TEXT_CSV},
      produces = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<StatementImportResponse> importFile(
      Caller caller,
      HttpServletRequest request,
      @Parameter(description = "only report what the import would do")
          @RequestParam(required = false, defaultValue = "false")
          boolean dryRun)
      throws IOException {
    byte[] file = request.getInputStream().readAllBytes();
    StatementImport imported =
        importStatements.importStatements(
            new ImportBankStatementsCommand(caller, file, request.getContentType(), dryRun));
    StatementImportResponse body =
        new StatementImportResponse(
            imported.dryRun(),
            imported.statements().stream()
                .map(statement ->
                    new ImportedStatement(
                        statement.id(),
                        statement.messageId(),
                        statement.statementId(),
                        statement.account(),
                        statement.currency().value(),
                        statement.alreadyImported(),
                        statement.lines().stream().map(BankStatementController::line).toList()))
                .toList());
    return ResponseEntity.status(imported.storedAny() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(body);
  }

  private static ImportedLine line(StatementImport.Line line) {
    return new ImportedLine(
        line.number(),
        line.lineId(),
        line.outcome().name(),
        Objects.toString(line.withdrawalId(), null),
        Objects.toString(line.depositId(), null),
        Objects.toString(line.transactionId(), null),
        line.reason());
  }

  @Operation(
      summary =
          "Stored statement lines (operators), newest first, by status: UNMATCHED is the"
              + " exceptions queue, what no rule settled; MATCHED and DISMISSED are resolved.")
  @GetMapping("/lines")
  BankStatementLinesResponse lines(
      Caller caller,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? DEFAULT_LIMIT : limit;
    List<StoredLine> page =
        lines.lines(caller, status(status), RequestFields.beforeEntryId(cursor), size);
    String next = page.size() < size ? null : RequestFields.cursor(page.getLast().id());
    return new BankStatementLinesResponse(
        page.stream().map(LedgerApiMapper::statementLine).toList(), next);
  }

  @Operation(
      summary =
          "Resolves an unmatched line (operators), once (again is 409 STATEMENT_LINE_RESOLVED)."
              + " MATCH_WITHDRAWAL with withdrawalId: the line pays the withdrawal out (a debit: it"
              + " completes) or returns it (a credit: it fails, the money back in the wallet),"
              + " whatever the line's amount, the operator having checked it with the bank."
              + " MATCH_DEPOSIT with depositId: the line (a credit) pays the pending deposit in,"
              + " which settles for its own amount (404 PENDING_DEPOSIT_NOT_FOUND, 409"
              + " PENDING_DEPOSIT_NOT_PENDING when it settled or failed by other means)."
              + " BOOK_DEPOSIT with accountId: the line (a credit nobody announced) is posted as a"
              + " deposit of its amount to that wallet, once (another currency: 422"
              + " CURRENCY_MISMATCH)."
              + " DISMISS with a reason: the line needs nothing from the ledger, e.g. a bank fee.")
  @PostMapping("/lines/{id}/resolution")
  BankStatementLineResponse resolve(
      Caller caller, @PathVariable long id, @RequestBody LineResolutionRequest body) {
    return LedgerApiMapper.statementLine(resolve.resolve(command(caller, id, body)));
  }

  private static ResolveStatementLineCommand command(
      Caller caller, long id, LineResolutionRequest body) {
    return switch (RequestFields.required(body.action(), "action")) {
      case "MATCH_WITHDRAWAL" ->
          new MatchStatementLineCommand(
              caller,
              id,
              TransactionId.parse(RequestFields.required(body.withdrawalId(), "withdrawalId")));
      case "MATCH_DEPOSIT" ->
          new MatchDepositLineCommand(
              caller,
              id,
              TransactionId.parse(RequestFields.required(body.depositId(), "depositId")));
      case "BOOK_DEPOSIT" ->
          new BookDepositLineCommand(
              caller, id, AccountId.of(RequestFields.required(body.accountId(), "accountId")));
      case "DISMISS" -> new DismissStatementLineCommand(caller, id, body.reason());
      default ->
          throw new InvalidRequestException(
              "action must be MATCH_WITHDRAWAL, MATCH_DEPOSIT, BOOK_DEPOSIT or DISMISS");
    };
  }

  private static LineStatus status(String status) {
    if (status == null) {
      return null;
    }
    try {
      return LineStatus.valueOf(status);
    } catch (IllegalArgumentException unknown) {
      throw new InvalidRequestException("status must be UNMATCHED, MATCHED or DISMISSED");
    }
  }
}
