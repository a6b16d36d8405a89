package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.IdempotencyKeyResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatus;
import dev.ewallet.ledger.domain.port.in.IdempotencyKeyStatusQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** What became of a request sent under an idempotency key, without sending it again. */
@Tag(name = "Idempotency keys")
@RestController
class IdempotencyKeyController {

  private final IdempotencyKeyStatusQuery status;

  IdempotencyKeyController(IdempotencyKeyStatusQuery status) {
    this.status = status;
  }

  @Operation(
      summary =
          "What became of the caller's own request under this idempotency key: POSTED with its"
              + " transaction, REFUSED with the problem it was answered (the key is free for"
              + " another try; or a deposit it announced that the bank failed, with its reason),"
              + " IN_PROGRESS for a deposit announced and not yet confirmed by the bank. 404 IDEMPOTENCY_KEY_NOT_FOUND for a key"
              + " the caller sent nothing under, or another caller's key, whether or not it"
              + " exists. Keys are kept as long as the journal (no retention).")
  @GetMapping("/v1/idempotency-keys/{key}")
  IdempotencyKeyResponse status(Caller caller, @PathVariable String key) {
    return response(status.status(caller, RequestFields.idempotencyKey(key)));
  }

  @Operation(
      summary =
          "The same, for a key that cannot travel in a path segment (one holding '/', '?', '#'"
              + " or '%'): GET /v1/idempotency-keys?key=...")
  @GetMapping("/v1/idempotency-keys")
  IdempotencyKeyResponse statusOf(Caller caller, @RequestParam String key) {
    return status(caller, key);
  }

  private static IdempotencyKeyResponse response(IdempotencyKeyStatus status) {
    boolean posted = status.state() == IdempotencyKeyStatus.State.POSTED;
    return new IdempotencyKeyResponse(
        status.key().value(),
        status.state().name(),
        status.transactionId() == null ? null : status.transactionId().toString(),
        status.type() == null ? null : status.type().name(),
        posted ? status.feeMinor() : null,
        status.pendingDepositId() == null ? null : status.pendingDepositId().toString(),
        status.refusal() == null ? null : status.refusal().problem(),
        status.refusal() == null ? null : status.refusal().refusedAt(),
        status.failureReason());
  }
}
