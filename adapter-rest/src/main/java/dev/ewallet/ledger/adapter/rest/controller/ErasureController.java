package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ErasureResponse;
import dev.ewallet.ledger.domain.journal.DetailsErasure;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.EraseUserDataCommand;
import dev.ewallet.ledger.domain.port.in.EraseUserDataUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** Erasing a user's personal data, keeping the books. */
@Tag(name = "Wallet lifecycle")
@RestController
class ErasureController {

  private final EraseUserDataUseCase erasure;

  ErasureController(EraseUserDataUseCase erasure) {
    this.erasure = erasure;
  }

  @Operation(
      summary =
          "Erases a user's personal data (operators), done when it answers 200: every"
              + " description, metadata value and operator's reason of the transactions with an"
              + " entry on the user's wallets, and the description and metadata values of their"
              + " pending deposits and scheduled transfers, become [erased]. Amounts, ids, types,"
              + " times, references and metadata keys stay, and so does each transaction's"
              + " detailsDigest, so verification and checkpoints still hold; erased entries show"
              + " detailsErased true. Recorded with the counts answered, and audited. Asking again"
              + " erases only what arrived since (all counts 0 when nothing did).")
  @PostMapping("/v1/users/{id}/erasure")
  ErasureResponse erase(Caller caller, @PathVariable long id) {
    DetailsErasure done = erasure.erase(new EraseUserDataCommand(caller, id));
    return new ErasureResponse(
        done.userId(),
        done.erasedAt(),
        done.transactions(),
        done.pendingDeposits(),
        done.scheduledTransfers());
  }
}
