package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.LegRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PostingsRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ReconciliationResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.RefundRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ReversalRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransactionResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransactionsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.VerificationResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.BankExceptionsQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChainVerification;
import dev.ewallet.ledger.domain.port.in.ChainVerificationQuery;
import dev.ewallet.ledger.domain.port.in.FindTransactionsByReferenceQuery;
import dev.ewallet.ledger.domain.port.in.GetTransactionQuery;
import dev.ewallet.ledger.domain.port.in.PostLegsCommand;
import dev.ewallet.ledger.domain.port.in.PostLegsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.ReconciliationQuery;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.in.RefundTransactionUseCase;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionUseCase;
import dev.ewallet.ledger.domain.port.in.TransactionByKeyQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Reading transactions, reversing them, and proving the books balance. */
@Tag(name = "Transactions and reconciliation")
@RestController
class TransactionController {

  private final GetTransactionQuery transactions;
  private final FindTransactionsByReferenceQuery byReference;
  private final TransactionByKeyQuery byKey;
  private final ReverseTransactionUseCase reversals;
  private final PostLegsUseCase postings;
  private final RefundTransactionUseCase refunds;
  private final ReconciliationQuery reconciliation;
  private final BankExceptionsQuery bank;
  private final ChainVerificationQuery verification;
  private final LedgerApiMapper mapper;

  TransactionController(
      GetTransactionQuery transactions,
      FindTransactionsByReferenceQuery byReference,
      TransactionByKeyQuery byKey,
      ReverseTransactionUseCase reversals,
      PostLegsUseCase postings,
      RefundTransactionUseCase refunds,
      ReconciliationQuery reconciliation,
      BankExceptionsQuery bank,
      ChainVerificationQuery verification,
      LedgerApiMapper mapper) {
    this.transactions = transactions;
    this.byReference = byReference;
    this.byKey = byKey;
    this.reversals = reversals;
    this.postings = postings;
    this.refunds = refunds;
    this.reconciliation = reconciliation;
    this.bank = bank;
    this.verification = verification;
    this.mapper = mapper;
  }

  @GetMapping("/v1/transactions/{id}")
  TransactionResponse getTransaction(Caller caller, @PathVariable String id) {
    return mapper.transaction(transactions.get(caller, TransactionId.parse(id)));
  }

  /**
   * The caller's transactions carrying this reference (an operator's: all), newest first, at most
   * 100; or the one an idempotency key posted.
   */
  @Operation(
      operationId = "findTransactions",
      summary =
          "Either the transactions carrying this reference (exact match) that touch one of the"
              + " caller's accounts (an operator's: all), newest first, at most 100; or the"
              + " transaction an idempotency key posted (none when it posted nothing): the caller's"
              + " own key, or for operators the key of the user principalId names.")
  @GetMapping("/v1/transactions")
  TransactionsResponse findTransactions(
      Caller caller,
      @RequestParam(required = false) String reference,
      @RequestParam(required = false) String idempotencyKey,
      @Parameter(description = "whose key (operators); the caller's own by default")
          @RequestParam(required = false)
          Long principalId) {
    if ((reference == null) == (idempotencyKey == null)) {
      throw new InvalidRequestException("give either reference or idempotencyKey");
    }
    if (reference != null) {
      return new TransactionsResponse(
          byReference.byReference(caller, reference).stream().map(mapper::transaction).toList());
    }
    long principal = principalId == null ? caller.principalId() : principalId;
    return new TransactionsResponse(
        byKey.byKey(caller, principal, RequestFields.idempotencyKey(idempotencyKey)).stream()
            .map(mapper::transaction)
            .toList());
  }

  /** Answers with the reversing transaction, read back as {@code GET} would show it. */
  @ApiResponse(
      responseCode = "201",
      description = "Reversed (or replayed: header Idempotent-Replayed: true)")
  @PostMapping("/v1/transactions/{id}/reversal")
  ResponseEntity<TransactionResponse> reverse(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody(required = false) ReversalRequest body) {
    PostingReceipt receipt =
        reversals.reverse(
            new ReverseTransactionCommand(
                caller,
                RequestFields.idempotencyKey(key),
                TransactionId.parse(id),
                body == null ? null : body.reason()));
    return PostingResponses.createdTransaction(
        receipt, mapper.transaction(transactions.get(caller, receipt.transactionId())));
  }

  @Operation(
      summary =
          "Pays part of a transfer back from the payee (where the money now is, for a sharded"
              + " merchant) to the payer, as a REFUND linked to it (operators). Refunds may follow"
              + " one another while their sum stays within the transfer's amount (beyond it: 422"
              + " REFUND_EXCEEDS_ORIGINAL); a reversed transfer cannot be refunded (409"
              + " ALREADY_REVERSED) and a refunded one cannot be reversed (409 NOT_REVERSIBLE).")
  @ApiResponse(
      responseCode = "201",
      description = "Refunded (or replayed: header Idempotent-Replayed: true)")
  @PostMapping("/v1/transactions/{id}/refunds")
  ResponseEntity<TransactionResponse> refund(
      Caller caller,
      @PathVariable String id,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody RefundRequest body) {
    PostingReceipt receipt =
        refunds.refund(
            new RefundTransactionCommand(
                caller,
                RequestFields.idempotencyKey(key),
                TransactionId.parse(id),
                RequestFields.required(body.amount(), "amount"),
                body.reason()));
    return PostingResponses.createdTransaction(
        receipt, mapper.transaction(transactions.get(caller, receipt.transactionId())));
  }

  @Operation(
      summary =
          "Posts one transaction of 2 to 64 legs between wallets (operators): each account once,"
              + " a positive amount credits it and a negative one debits it, the legs of each"
              + " currency summing to zero; all legs post or none, under the balance, freeze and"
              + " amount rules of every posting. Answers with the transaction as GET shows it.")
  @ApiResponse(
      responseCode = "201",
      description = "Posted (or replayed: header Idempotent-Replayed: true)")
  @PostMapping("/v1/postings")
  ResponseEntity<TransactionResponse> post(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody PostingsRequest body) {
    IdempotencyKey idempotencyKey = RequestFields.idempotencyKey(key);
    List<PostLegsCommand.Leg> legs =
        RequestFields.required(body.postings(), "postings").stream()
            .map(leg -> {
              LegRequest given = RequestFields.required(leg, "postings[]");
              return new PostLegsCommand.Leg(
                  AccountId.of(RequestFields.required(given.accountId(), "accountId")),
                  RequestFields.required(given.amount(), "amount"));
            })
            .toList();
    PostingReceipt receipt =
        postings.post(
            new PostLegsCommand(
                caller,
                idempotencyKey,
                legs,
                RequestFields.details(body.reference(), body.description(), body.metadata())));
    return PostingResponses.created(
        receipt, mapper.transaction(transactions.get(caller, receipt.transactionId())));
  }

  @Operation(
      summary =
          "Recomputes the account's hash chain from its entries, oldest first (operators): whether"
              + " every entry's hash follows from the one before and its fields and the chain ends"
              + " where the account says, and the first entry that does not follow.")
  @GetMapping("/v1/accounts/{id}/verification")
  VerificationResponse verify(Caller caller, @PathVariable long id) {
    ChainVerification result = verification.verify(caller, AccountId.of(id));
    return new VerificationResponse(
        id, result.entries(), result.verified(), result.firstBrokenEntryId());
  }

  @Operation(
      summary =
          "Reconciliation now (operators): every currency's entries sum to zero, every balance"
              + " is its entries' sum, hold accounts hold what is pending, hash chains unbroken"
              + " (mismatches empty when the books balance); and the bank view: statement lines"
              + " unmatched for longer than ledger.bank.unmatched-line-age and withdrawals pending"
              + " for longer than ledger.bank.settlement-time, counted, the oldest listed.")
  @GetMapping("/v1/reconciliation")
  ReconciliationResponse reconcile(Caller caller) {
    return mapper.reconciliation(reconciliation.reconcile(caller), bank.exceptions(caller));
  }
}
