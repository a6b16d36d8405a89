package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransactionEntryResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransactionResponse;
import dev.ewallet.ledger.adapter.rest.dto.ResponseHeaders;
import dev.ewallet.ledger.adapter.rest.filter.AuditRequestFilter;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * The reply to a money-moving POST. A replay is rendered from the same stored transaction as the
 * first reply, so its status and body are the same byte for byte; only the header tells them apart.
 */
final class PostingResponses {

  private PostingResponses() {}

  /** 201 with the posted transaction's location. */
  static <T> ResponseEntity<T> created(PostingReceipt receipt, T body) {
    return reply(receipt, HttpStatus.CREATED, "/v1/transactions/" + receipt.transactionId(), body);
  }

  /**
   * 201 with a posted transaction as {@code GET} shows it, its accounts noted for the audit event:
   * a reversal or a refund names only the transaction it undoes, yet moves money on these.
   */
  static ResponseEntity<TransactionResponse> createdTransaction(
      PostingReceipt receipt, TransactionResponse body) {
    AuditRequestFilter.noteAccounts(
        body.entries().stream().map(TransactionEntryResponse::accountId).distinct().toList());
    return created(receipt, body);
  }

  static <T> ResponseEntity<T> reply(
      PostingReceipt receipt, HttpStatus status, String location, T body) {
    AuditRequestFilter.notePosted(receipt.transactionId());
    return reply(receipt.replayed(), status, location, body);
  }

  /** The reply to a write that posts nothing, such as a pending deposit's announcement. */
  static <T> ResponseEntity<T> reply(boolean replayed, HttpStatus status, String location, T body) {
    ResponseEntity.BodyBuilder reply = ResponseEntity.status(status).location(URI.create(location));
    if (replayed) {
      reply.header(ResponseHeaders.REPLAYED, "true");
    }
    return reply.body(body);
  }
}
