package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.FiledPayoutResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFileDetailResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFileResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PayoutFilesResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.GetPayoutFileQuery;
import dev.ewallet.ledger.domain.port.in.PayoutFileReceipt;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileUseCase;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesCommand;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Payouts as ISO 20022 pain.001 payment files (operators; docs/bank-reconciliation.md). */
@Tag(name = "Bank statements")
@RestController
@RequestMapping("/v1/payout-files")
class PayoutFileController {

  private final RunPayoutFilesUseCase payoutFiles;
  private final ResendPayoutFileUseCase resend;
  private final GetPayoutFileQuery files;
  private final LedgerApiMapper mapper;

  PayoutFileController(
      RunPayoutFilesUseCase payoutFiles,
      ResendPayoutFileUseCase resend,
      GetPayoutFileQuery files,
      LedgerApiMapper mapper) {
    this.payoutFiles = payoutFiles;
    this.resend = resend;
    this.files = files;
    this.mapper = mapper;
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
