package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.FiledPayoutResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFileDetailResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFileListResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFileResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFileSummaryResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFilesResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.GetPayoutFileQuery;
import dev.ewallet.ledger.domain.port.in.PayoutFileReceipt;
import dev.ewallet.ledger.domain.port.in.PayoutFilesQuery;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileUseCase;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesCommand;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Payouts as ISO 20022 pain.001 payment files (operators; docs/bank-reconciliation.md). */
@Tag(name = "Bank statements")
@RestController
@RequestMapping("/v1/payout-files")
class PayoutFileController {

  private static final int DEFAULT_LIMIT = 50;

  private final RunPayoutFilesUseCase payoutFiles;
  private final ResendPayoutFileUseCase resend;
  private final GetPayoutFileQuery files;
  private final PayoutFilesQuery listing;
  private final LedgerApiMapper mapper;

  PayoutFileController(
      RunPayoutFilesUseCase payoutFiles,
      ResendPayoutFileUseCase resend,
      GetPayoutFileQuery files,
      PayoutFilesQuery listing,
      LedgerApiMapper mapper) {
    this.payoutFiles = payoutFiles;
    this.resend = resend;
    this.files = files;
    this.listing = listing;
    this.mapper = mapper;
  }

  @Operation(
      summary =
          "The recorded payment files (operators), newest first, of one currency or of all:"
              + " each with when it was made, the execution date it asked of the bank, how many"
              + " payouts it holds and their total. limit 1 to 100 (default 50); nextCursor,"
              + " passed as cursor, gives the next page.")
  @GetMapping
  PayoutFileListResponse list(
      Caller caller,
      @RequestParam(required = false) String currency,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor) {
    int size = limit == null ? DEFAULT_LIMIT : limit;
    List<PayoutFileSummary> page =
        listing.files(caller, currency == null ? null : CurrencyCode.of(currency), cursor, size);
    return new PayoutFileListResponse(
        page.stream()
            .map(file ->
                new PayoutFileSummaryResponse(
                    file.id(),
                    file.currency().value(),
                    file.createdAt(),
                    file.executionDate(),
                    file.payouts(),
                    file.total().amountMinor()))
            .toList(),
        page.size() < size ? null : page.getLast().id());
  }

  @Operation(
      summary =
          "A recorded payment file (operators): its currency, when it was made, the execution"
              + " date it asked of the bank, its total and its payouts in their order in the file,"
              + " each with its withdrawal, end-to-end id, amount and payee.")
  @GetMapping("/{id}")
  PayoutFileDetailResponse file(Caller caller, @PathVariable String id) {
    PayoutFile file = files.get(caller, id);
    return new PayoutFileDetailResponse(
        file.id(),
        file.currency().value(),
        file.createdAt(),
        file.executionDate(),
        file.total().amountMinor(),
        file.payouts().stream()
            .map(payout ->
                new FiledPayoutResponse(
                    payout.withdrawalId().toString(),
                    payout.endToEndId(),
                    payout.amount().amountMinor(),
                    mapper.payee(payout.payee())))
            .toList());
  }

  @Operation(
      summary =
          "Gathers the pending withdrawals that name a payee and are in no file yet into one"
              + " pain.001 file per configured bank account's currency, and leaves each in the"
              + " outgoing directory (ledger.bank.outgoing-dir) for the bank's channel. A"
              + " withdrawal is in one file at most. No withdrawal waiting: an empty list.")
  @PostMapping
  PayoutFilesResponse run(Caller caller) {
    return new PayoutFilesResponse(
        payoutFiles.run(new RunPayoutFilesCommand(caller)).stream()
            .map(PayoutFileController::response)
            .toList());
  }

  @Operation(
      summary =
          "Writes a recorded payment file again, the same bytes, after the first was lost"
              + " (operators). It gathers nothing new: nothing is paid twice by a resend.")
  @PostMapping("/{id}/resend")
  PayoutFileResponse resend(Caller caller, @PathVariable String id) {
    return response(resend.resend(new ResendPayoutFileCommand(caller, id)));
  }

  private static PayoutFileResponse response(PayoutFileReceipt receipt) {
    return new PayoutFileResponse(
        receipt.fileId(),
        receipt.total().currency().value(),
        receipt.total().amountMinor(),
        receipt.payouts(),
        receipt.leftAt(),
        receipt.problem());
  }
}
