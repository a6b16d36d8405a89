package dev.ewallet.ledger.adapter.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The JSON bodies of API v1 (shared/API.md), as immutable records. */
public final class ApiDtos {

  private ApiDtos() {}

  /**
   * {@code POST /v1/accounts}; {@code ownerId} and {@code kind} are for operators, {@code shards}
   * for merchants.
   */
  public record CreateAccountRequest(String currency, Long ownerId, String kind, Integer shards) {}

  /** For a merchant, {@code balance} sums its main account and shards, and {@code shards} shows. */
  public record AccountResponse(
      long id,
      Long ownerId,
      String currency,
      String kind,
      @Schema(description = "Spendable, in minor units") long balance,
      @Schema(description = "Pending debits: pending holds and withdrawals, not in the balance")
          long heldAmount,
      @Schema(description = "Pending credits: pending deposits, not spendable, not in the balance")
          long pendingIn,
      @Schema(
              description =
                  "A wallet's standing deposit reference (ISO 11649): a bank transfer to the"
                      + " ledger's bank account carrying it is credited to this wallet; absent for"
                      + " accounts that are no wallet",
              example = "RF24W1001")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          String depositReference,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer shards,
      String status,
      Instant createdAt) {}

  /** {@code mode}: {@code DEBITS} or {@code ALL}. */
  public record FreezeRequest(String mode, String reason) {}

  public record UnfreezeRequest(String reason) {}

  /** {@code POST /v1/accounts/{id}/close}, {@code /reopen}: the reason is optional. */
  public record LifecycleRequest(String reason) {}

  /** Money kept in a currency's suspense account for a closed wallet. */
  public record SuspenseItemResponse(
      @Schema(description = "The transaction that booked it to suspense") String transactionId,
      @Schema(description = "The closed wallet it arrived for") long accountId,
      String currency,
      @Schema(description = "In minor units") long amount,
      @Schema(description = "The type of the transaction that booked it: DEPOSIT, REFUND, ...")
          String type,
      Instant bookedAt,
      @Schema(description = "The release that paid it back on reopening; null while kept")
          String releasedBy) {}

  public record SuspenseItemsResponse(List<SuspenseItemResponse> items) {}

  /** What became of the caller's request under an idempotency key. */
  public record IdempotencyKeyResponse(
      String key,
      @Schema(
              description =
                  "POSTED (transactionId, type, fee), REFUSED (problem, refusedAt: the key is free"
                      + " for another try; or an announced deposit the bank failed: pendingDepositId,"
                      + " failureReason) or IN_PROGRESS (a deposit announced, pendingDepositId)")
          String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) String transactionId,
      @JsonInclude(JsonInclude.Include.NON_NULL) String type,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long fee,
      @JsonInclude(JsonInclude.Include.NON_NULL) String pendingDepositId,
      @Schema(type = "object", description = "The RFC 9457 problem the request was refused with")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          @JsonRawValue
          String problem,
      @JsonInclude(JsonInclude.Include.NON_NULL) Instant refusedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String failureReason) {}

  /** {@code POST /v1/scheduled-transfers}. */
  public record ScheduledTransferRequest(
      Long fromAccountId,
      Long toAccountId,
      Long amount,
      @Schema(description = "When the first run is due (a monthly one: its day, on or after this)")
          Instant firstAt,
      @Schema(description = "When it runs again; absent: once") RecurrenceBody recurrence,
      @Schema(description = "How many times a refused run is tried in all, 1 (the default) to 10")
          Integer attempts,
      @Schema(description = "Between tries of a refused run, ISO 8601 (PT1H by default)")
          String retryEvery,
      @Schema(description = "Each run's transfer carries it, like a transfer's") String reference,
      String description,
      @Schema(implementation = Metadata.class) JsonNode metadata) {}

  /** When a scheduled transfer runs again, in UTC at the first run's time of day. */
  public record RecurrenceBody(
      @Schema(description = "ONCE, DAILY, WEEKLY (the first run's weekday) or MONTHLY")
          String frequency,
      @Schema(description = "MONTHLY only: 1 to 31; the month's last day when it is shorter")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          Integer dayOfMonth,
      @Schema(description = "No run after this; none by default")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          Instant until) {}

  public record ScheduledTransferResponse(
      String id,
      long fromAccountId,
      long toAccountId,
      long amount,
      RecurrenceBody recurrence,
      int attempts,
      String retryEvery,
      @Schema(description = "ACTIVE, PAUSED, CANCELLED or FINISHED") String status,
      @Schema(description = "When the current (or last) run is due") Instant due,
      @Schema(description = "When it is tried next, while ACTIVE") Instant nextAttemptAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reference,
      @JsonInclude(JsonInclude.Include.NON_NULL) String description,
      Instant createdAt) {}

  public record ScheduledTransfersResponse(List<ScheduledTransferResponse> items) {}

  /** One try of one run. */
  public record ScheduleExecutionResponse(
      Instant due,
      int attempt,
      @Schema(description = "POSTED or REFUSED") String outcome,
      @JsonInclude(JsonInclude.Include.NON_NULL) String transactionId,
      @Schema(description = "The refusal's code: INSUFFICIENT_FUNDS, ACCOUNT_FROZEN, ...")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          String refusal,
      @JsonInclude(JsonInclude.Include.NON_NULL) String detail,
      Instant at,
      @Schema(description = "When the refused run is tried again; absent when it is not")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          Instant retryAt) {}

  public record ScheduleExecutionsResponse(List<ScheduleExecutionResponse> items) {}

  /** A dormant wallet in the unclaimed-property report. */
  public record DormantWalletResponse(
      long accountId,
      long ownerId,
      @Schema(description = "In minor units") long balance,
      @Schema(description = "When it last turned dormant") Instant dormantSince,
      @Schema(description = "Whole days dormant at the time of the report") long daysDormant) {}

  /** The dormant wallets of one currency, by whole years dormant, and each of them. */
  public record DormantWalletsResponse(
      String currency,
      Instant asOf,
      @Schema(description = "How many wallets are dormant") long wallets,
      @Schema(description = "What they hold, in minor units") long balance,
      List<DormantAge> byYearsDormant,
      @Schema(description = "Longest dormant first") List<DormantWalletResponse> items) {}

  /** Dormant wallets that have been dormant for {@code years} whole years. */
  public record DormantAge(int years, long wallets, long balance) {}

  /** Each limit in minor units, or {@code null} for the currency's default. */
  public record LimitsRequest(Long dailyOut, Long monthlyOut) {}

  /** {@code limit} and {@code remaining} are {@code null} when the wallet has no such limit. */
  public record LimitWindow(Long limit, long used, Long remaining, Instant resetsAt) {}

  public record LimitsResponse(LimitWindow dailyOut, LimitWindow monthlyOut) {}

  public record ResizeRequest(Integer shards) {}

  public record SweepResponse(long sweptAmount, int transactions) {}

  public record AccountsResponse(List<AccountResponse> items) {}

  /**
   * {@code reference} and {@code description} are {@code null} and {@code metadata} empty when the
   * transaction has none. {@code detailsDigest} is what {@code hash} commits to of them (the
   * chain's version 2), {@code null} for an entry of a transaction posted before version 2; {@code
   * detailsErased} says the user's personal data was erased: description and metadata values then
   * read {@code [erased]} and no longer give the digest.
   */
  public record EntryResponse(
      long entryId,
      String transactionId,
      String type,
      long amount,
      long balanceAfter,
      Instant createdAt,
      String reference,
      String description,
      Map<String, String> metadata,
      String hash,
      String detailsDigest,
      boolean detailsErased) {}

  /** What an erasure of a user's personal data changed: how many rows of each kind. */
  public record ErasureResponse(
      long userId,
      Instant erasedAt,
      int transactions,
      int pendingDeposits,
      int scheduledTransfers) {}

  /** {@code firstBrokenEntryId} is {@code null} when every entry's hash follows. */
  public record VerificationResponse(
      long accountId, long entries, boolean verified, Long firstBrokenEntryId) {}

  /** {@code lastEntryId} is {@code null} before the account's first entry. */
  public record BalanceAtResponse(
      long accountId, String currency, Instant at, long balance, Long lastEntryId) {}

  /**
   * Entries oldest first; {@code closingBalance = openingBalance + totalCredits - totalDebits}. The
   * hashes bracket the entries on the account's hash chain ({@code null} for a merchant with
   * shards, whose entries lie on several chains).
   */
  public record StatementResponse(
      long accountId,
      String currency,
      Instant from,
      Instant to,
      long openingBalance,
      long closingBalance,
      long totalCredits,
      long totalDebits,
      long entryCount,
      String openingHash,
      String closingHash,
      List<EntryResponse> entries) {}

  /** {@code nextCursor} is opaque to clients and {@code null} on the last page. */
  public record EntriesResponse(List<EntryResponse> items, String nextCursor) {}

  /**
   * A request's metadata as the client sent it: checked to be an object of strings, not coerced
   * into one (a number is refused, not turned into text).
   */
  @Schema(
      type = "object",
      additionalPropertiesSchema = String.class,
      description =
          "At most 16 keys of 1 to 40 characters, each to a string of at most 500 characters")
  private interface Metadata {}

  /** {@code reference}, {@code description} and {@code metadata} are optional (docs/api.md). */
  public record DepositRequest(
      Long accountId,
      Long amount,
      @Schema(
              description =
                  "POSTED (the default): the bank settled the money, it is posted now. PENDING:"
                      + " the bank announced it; nothing is posted, the wallet shows it as"
                      + " pendingIn until it settles or fails",
              allowableValues = {"POSTED", "PENDING"})
          String status,
      @Schema(
              description =
                  "1 to 128 printable ASCII characters, unique among the deposits of"
                      + " the currency")
          String reference,
      @Schema(description = "At most 140 characters, shown to the wallet's owner")
          String description,
      @Schema(implementation = Metadata.class) JsonNode metadata) {}

  /** {@code reference}, {@code description} and {@code metadata} are optional (docs/api.md). */
  public record TransferRequest(
      Long fromAccountId,
      Long toAccountId,
      Long amount,
      @Schema(description = "1 to 128 printable ASCII characters") String reference,
      @Schema(description = "At most 140 characters, shown to the wallet's owner")
          String description,
      @Schema(implementation = Metadata.class) JsonNode metadata) {}

  public record TransferBatchRequest(List<TransferBatchItem> transfers) {}

  /** One transfer of a batch: a transfer's body with its own idempotency key. */
  public record TransferBatchItem(
      String key,
      Long fromAccountId,
      Long toAccountId,
      Long amount,
      String reference,
      String description,
      @Schema(implementation = Metadata.class) JsonNode metadata) {}

  public record TransferBatchResponse(List<TransferBatchItemResult> results) {}

  /**
   * A posted transfer: {@code status} 201 with {@code transactionId} ({@code replayed} when an
   * earlier request with its key posted it); a refused one: its status, {@code code} and {@code
   * detail}, as the single transfer's problem would carry them.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TransferBatchItemResult(
      String key, int status, String transactionId, Boolean replayed, String code, String detail) {}

  /** Legs: a positive amount credits the account, a negative one debits it. */
  public record PostingsRequest(
      List<LegRequest> postings,
      @Schema(description = "1 to 128 printable ASCII characters") String reference,
      @Schema(description = "At most 140 characters, shown to the wallets' owners")
          String description,
      @Schema(implementation = Metadata.class) JsonNode metadata) {}

  public record LegRequest(Long accountId, Long amount) {}

  public record ReversalRequest(String reason) {}

  public record RefundRequest(Long amount, String reason) {}

  /** {@code fee}: what the transfer charged its payer besides the amount; absent when nothing. */
  public record PostingResponse(
      String transactionId,
      @Schema(
              description =
                  "Always COMPLETED: the transaction is posted (a pending deposit's answer says"
                      + " PENDING instead)",
              allowableValues = {"COMPLETED"})
          String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long fee) {}

  /** {@code balanceAfter} is absent for accounts the caller does not own. */
  public record TransactionEntryResponse(
      long entryId,
      long accountId,
      String currency,
      long amount,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long balanceAfter) {}

  public record TransactionResponse(
      String transactionId,
      String type,
      String status,
      String reversalOf,
      String reversedBy,
      @JsonInclude(JsonInclude.Include.NON_NULL) String refundOf,
      String reason,
      Instant createdAt,
      String reference,
      String description,
      Map<String, String> metadata,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long fee,
      @JsonInclude(JsonInclude.Include.NON_NULL)
          @Schema(
              description =
                  "For a transfer, what refunds may still pay back: its amount less its refunds,"
                      + " 0 once reversed")
          Long refundable,
      List<TransactionEntryResponse> entries) {}

  public record TransactionsResponse(List<TransactionResponse> items) {}

  record MismatchResponse(
      String kind, Long accountId, Long entryId, String currency, long expected, long actual) {}

  /**
   * The books ({@code mismatches} empty when they balance) and the bank view, what waits too long
   * on the bank side ({@code bank}).
   */
  public record ReconciliationResponse(
      long ledgerSum,
      Map<String, Long> sumByCurrency,
      List<MismatchResponse> mismatches,
      Instant checkedAt,
      BankExceptionsResponse bank) {}

  /**
   * Statement lines still unmatched that the bank booked before {@code linesBookedBefore}
   * (ledger.bank.unmatched-line-age ago), and withdrawals still pending that were requested before
   * {@code payoutsRequestedBefore} (ledger.bank.settlement-time ago): how many, and the oldest 20
   * of each.
   */
  public record BankExceptionsResponse(
      String unmatchedLineAge,
      long staleLines,
      List<BankStatementLineResponse> oldestStaleLines,
      String settlementTime,
      long overduePayouts,
      List<WithdrawalResponse> oldestOverduePayouts) {}

  /**
   * @param payee the bank account to pay; required when the bank pays out by payment files
   *     (ledger.bank.gateway=iso20022)
   */
  public record WithdrawalRequest(Long accountId, Long amount, Payee payee) {}

  /**
   * A bank account holder: the name their bank knows, the account by {@code iban} (its check digits
   * verified) or by a local {@code accountNumber} (exactly one of them), and the bank's {@code bic}
   * when needed.
   */
  public record Payee(String name, String iban, String accountNumber, String bic) {}

  public record WithdrawalAccepted(String withdrawalId, String status) {}

  public record FailWithdrawalRequest(String reason) {}

  public record WithdrawalResponse(
      String withdrawalId,
      long accountId,
      String currency,
      long amount,
      String status,
      String failureReason,
      Instant createdAt,
      Instant updatedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) Payee payee) {}

  /**
   * A pending deposit: {@code transactionId} is the deposit that settled it (null until then),
   * {@code failureReason} why it failed (null unless it did).
   */
  public record PendingDepositResponse(
      String id,
      long accountId,
      String currency,
      long amount,
      @Schema(allowableValues = {"PENDING", "SETTLED", "FAILED"}) String status,
      String reference,
      String description,
      Map<String, String> metadata,
      String transactionId,
      String failureReason,
      Instant createdAt,
      Instant updatedAt) {}

  public record FailDepositRequest(@Schema(description = "At most 500 characters") String reason) {}

  /** One audited request; {@code code} is the problem code of a refusal. */
  public record AuditEventResponse(
      long id,
      Instant occurredAt,
      String actor,
      boolean operator,
      String tokenId,
      String issuer,
      String clientAddress,
      String method,
      String path,
      String idempotencyKey,
      int status,
      String code,
      String transactionId,
      List<Long> accountIds) {}

  public record AuditEventsResponse(List<AuditEventResponse> items, String nextCursor) {}

  /** What importing a bank file did, or in a dry run would do. */
  public record StatementImportResponse(boolean dryRun, List<ImportedStatement> statements) {}

  /**
   * @param id the stored statement's id; null in a dry run of a statement not stored yet
   * @param alreadyImported imported before with the same content: not stored again, only its
   *     unmatched lines matched again
   */
  public record ImportedStatement(
      Long id,
      String messageId,
      String statementId,
      String account,
      String currency,
      boolean alreadyImported,
      List<ImportedLine> lines) {}

  /**
   * @param lineId null in a dry run of a statement not stored yet
   * @param outcome what this import did with the line (or would do): SETTLED_WITHDRAWAL or
   *     FAILED_WITHDRAWAL when it settled a withdrawal, SETTLED_DEPOSIT when it settled a pending
   *     deposit, BOOKED_DEPOSIT when it booked a credit to the wallet whose deposit reference it
   *     names, MATCHED or DISMISSED when the line was resolved before, UNMATCHED when it waits in
   *     the exceptions queue
   */
  public record ImportedLine(
      int number,
      Long lineId,
      String outcome,
      String withdrawalId,
      String depositId,
      String transactionId,
      String reason) {}

  /**
   * A stored statement line. {@code amount} is in minor units, positive; {@code direction} CREDIT
   * (money in) or DEBIT.
   */
  public record BankStatementLineResponse(
      long lineId,
      String messageId,
      String statementId,
      String account,
      int number,
      String direction,
      long amount,
      String currency,
      LocalDate bookingDate,
      LocalDate valueDate,
      String bankReference,
      String endToEndId,
      String remittance,
      boolean returned,
      String returnReason,
      String status,
      String withdrawalId,
      String depositId,
      String transactionId,
      String reason,
      String decidedBy,
      Instant decidedAt) {}

  /**
   * A payment file of payouts. {@code total} is in minor units; {@code leftAt} is where it was left
   * for the bank, null when it could not be ({@code problem} says why; resend it).
   */
  public record PayoutFileResponse(
      String fileId, String currency, long total, int payouts, String leftAt, String problem) {}

  public record PayoutFilesResponse(List<PayoutFileResponse> items) {}

  /** A recorded payment file as the listing shows it: how many payouts, and their total. */
  public record PayoutFileSummaryResponse(
      String fileId,
      String currency,
      Instant createdAt,
      LocalDate executionDate,
      int payouts,
      long total) {}

  /** {@code nextCursor}: pass it as {@code cursor} for the next page; null on the last. */
  public record PayoutFileListResponse(List<PayoutFileSummaryResponse> items, String nextCursor) {}

  /**
   * A recorded payment file: its payouts in their order in it, each payment's end-to-end id the
   * withdrawal id without dashes. Amounts in minor units.
   */
  public record PayoutFileDetailResponse(
      String fileId,
      String currency,
      Instant createdAt,
      LocalDate executionDate,
      long total,
      List<FiledPayoutResponse> payouts) {}

  public record FiledPayoutResponse(
      String withdrawalId, String endToEndId, long amount, Payee payee) {}

  /**
   * An operator's resolution of an unmatched statement line.
   *
   * @param action MATCH_WITHDRAWAL (with {@code withdrawalId}), MATCH_DEPOSIT (with {@code
   *     depositId}), BOOK_DEPOSIT (with {@code accountId}) or DISMISS (with {@code reason})
   * @param withdrawalId the withdrawal the line pays out (a debit) or returns (a credit)
   * @param depositId the pending deposit the line (a credit) pays in
   * @param accountId the wallet a credit nobody announced is booked to as a deposit
   * @param reason why the line needs nothing from the ledger, 1 to 500 characters
   */
  public record LineResolutionRequest(
      @Schema(allowableValues = {"MATCH_WITHDRAWAL", "MATCH_DEPOSIT", "BOOK_DEPOSIT", "DISMISS"})
          String action,
      String withdrawalId,
      String depositId,
      Long accountId,
      String reason) {}

  /**
   * The safeguarding check of a currency, every amount in minor units: {@code expectedAtBank =
   * owedToCustomers + payoutsInTransit + unpostedCredits}, {@code owedToCustomers =
   * customerBalances + heldAmounts}, {@code difference = bankClosing - expectedAtBank}.
   *
   * @param statementId the bank's id of the latest end-of-day statement; null before the first
   * @param bankClosing its closing balance; null before the first
   * @param difference null before the first statement; negative is a shortfall
   */
  public record SafeguardingResponse(
      String currency,
      String account,
      Long statement,
      String statementId,
      Long bankClosing,
      long customerBalances,
      long heldAmounts,
      long owedToCustomers,
      long payoutsInTransit,
      long unpostedCredits,
      long expectedAtBank,
      Long difference,
      boolean shortfall) {}

  public record WithdrawalsResponse(List<WithdrawalResponse> items, String nextCursor) {}

  public record HoldsResponse(List<HoldResponse> items, String nextCursor) {}

  public record BankStatementLinesResponse(
      List<BankStatementLineResponse> items, String nextCursor) {}

  public record HoldRequest(
      Long accountId, Long amount, Long destinationAccountId, Instant expiresAt) {}

  public record HoldPlaced(String holdId, String status) {}

  public record CaptureRequest(Long amount) {}

  public record HoldResponse(
      String holdId,
      long accountId,
      long destinationAccountId,
      String currency,
      long amount,
      long capturedAmount,
      String status,
      Instant expiresAt,
      Instant createdAt,
      Instant updatedAt) {}

  /** {@code PUT /v1/hot-accounts/{id}}: {@code shards} only to pin at that many. */
  public record SplittingPolicyRequest(
      @Schema(
              description =
                  "AUTOMATIC (the ledger splits it when hot), FORBIDDEN (never by the ledger) or"
                      + " PINNED (at shards, or at its current count; never changed by the ledger)")
          String splitting,
      @Schema(description = "For PINNED: the shards to pin it at, 1 to 256; grown to that now")
          Integer shards) {}

  /**
   * A decision about splitting a merchant: the ledger's own ({@code SPLIT}, with the row measured
   * hot and its rate) or an operator's policy.
   */
  public record HotAccountDecisionResponse(
      long id,
      long accountId,
      @Schema(allowableValues = {"SPLIT", "AUTOMATIC", "FORBIDDEN", "PINNED"}) String action,
      int shardsBefore,
      int shardsAfter,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long measuredAccountId,
      @Schema(description = "Postings a second the measured row took over the window")
          long postingsPerSecond,
      @Schema(description = "The rule's threshold when the ledger decided; 0 for an operator's")
          long threshold,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long decidedBy,
      Instant decidedAt) {}

  /** A merchant row's postings a second over the window, as this instance measured them. */
  public record RowRateResponse(long accountId, long postingsPerSecond) {}

  /** The rule by which the ledger splits merchants. */
  public record HotAccountRuleResponse(
      long postingsPerSecond,
      @Schema(description = "ISO 8601, e.g. PT10S") String window,
      int firstShards,
      int maxShards) {}

  /** {@code GET /v1/hot-accounts}: the rule, the busiest rows now, and decisions newest first. */
  public record HotAccountsResponse(
      HotAccountRuleResponse rule,
      List<RowRateResponse> hottest,
      List<HotAccountDecisionResponse> items,
      String nextCursor) {}

  /** {@code POST /v1/accounts/{id}/monitors}. */
  public record MonitorRequest(
      @Schema(
              description =
                  "balance (what the owner can spend), heldAmount (in pending holds and"
                      + " withdrawals) or pendingIn (announced by pending deposits)")
          String field,
      @Schema(description = "<, <=, >, >= or =") String operator,
      @Schema(description = "In the account currency's minor units") Long value) {}

  public record MonitorResponse(
      long id,
      long accountId,
      String field,
      String operator,
      long value,
      @Schema(
              description =
                  "Whether the condition holds now: the monitor fires when a posting makes it"
                      + " true while it is false")
          boolean conditionMet,
      long createdBy,
      Instant createdAt) {}

  public record MonitorsResponse(List<MonitorResponse> items) {}

  /** {@code POST /v1/webhook-endpoints}. */
  public record CreateWebhookEndpointRequest(
      String url,
      @Schema(
              description =
                  "transaction.posted, balance.monitor.triggered, account.status.changed,"
                      + " safeguarding.shortfall, checkpoint.signed")
          List<String> eventTypes,
      @Schema(description = "Only events that touch this account") Long accountId) {}

  /** {@code PATCH /v1/webhook-endpoints/{id}}: a field left out stays as it is. */
  public record UpdateWebhookEndpointRequest(String url, List<String> eventTypes, Boolean paused) {}

  /** {@code POST /v1/webhook-endpoints/{id}/secret-rotations}; the body is optional. */
  public record RotateWebhookSecretRequest(
      @Schema(description = "How long the old secret keeps signing beside the new; 86400 if absent")
          Long overlapSeconds) {}

  public record WebhookEndpointResponse(
      long id,
      String url,
      List<String> eventTypes,
      Long accountId,
      boolean paused,
      @Schema(description = "False once a delivery failed for good; true again after a success")
          boolean healthy,
      @Schema(description = "Until when the secret before the last rotation signs too")
          Instant previousSecretValidUntil,
      long createdBy,
      Instant createdAt,
      @JsonInclude(JsonInclude.Include.NON_NULL)
          @Schema(
              description =
                  "The signing secret: only in the answers of the creation and of a rotation")
          String secret) {}

  public record WebhookEndpointsResponse(List<WebhookEndpointResponse> items) {}

  public record WebhookAttemptResponse(
      int attempt, Instant at, Integer statusCode, long latencyMs, String error) {}

  public record WebhookDeliveryResponse(
      long id,
      long endpointId,
      String eventId,
      String type,
      @Schema(description = "PENDING, DELIVERED or FAILED") String status,
      Instant createdAt,
      @Schema(description = "When a pending delivery is sent next") Instant nextAttemptAt,
      Instant finishedAt,
      List<WebhookAttemptResponse> attempts) {}

  /** {@code nextCursor}: pass it as {@code cursor} for the next (older) page; null on the last. */
  public record WebhookDeliveriesResponse(List<WebhookDeliveryResponse> items, String nextCursor) {}

  /**
   * A signed checkpoint: each currency's tree root, what customer accounts hold ({@code total}) and
   * the system accounts' balance, the bytes signed and the Ed25519 signature (docs/proofs.md).
   */
  public record CheckpointResponse(
      String id,
      Instant createdAt,
      @Schema(description = "The newest journal entry id the checkpoint covers") long position,
      List<CurrencyTotalsResponse> currencies,
      String keyId,
      @Schema(description = "Base64 of the exact bytes signed: the canonical JSON of the fields")
          String signedContent,
      @Schema(description = "Ed25519 over signedContent, base64") String signature) {}

  /** One currency of a checkpoint; the books balance when total + systemBalance = 0. */
  public record CurrencyTotalsResponse(
      String currency,
      @Schema(description = "The Merkle sum tree's root hash, hex") String root,
      @Schema(description = "What customer accounts hold, in minor units: the root's sum")
          long total,
      @Schema(description = "The sum of the system accounts' balances") long systemBalance) {}

  /** A public key checkpoints verify with, and when it signed. */
  public record CheckpointKeyResponse(
      String keyId,
      @Schema(description = "Always Ed25519") String algorithm,
      @Schema(description = "The X.509 SubjectPublicKeyInfo of the key, base64") String publicKey,
      Instant validFrom,
      @JsonInclude(JsonInclude.Include.NON_NULL)
          @Schema(description = "When it stopped signing; absent while it signs")
          Instant validTo) {}

  /**
   * That an account is counted in a checkpoint: its leaf and the siblings from it up to the root of
   * its currency's tree (proof format version 1, docs/proofs.md).
   */
  public record AccountProofResponse(
      @Schema(description = "The proof format's version") int version,
      String currency,
      ProofLeafResponse leaf,
      @Schema(description = "The siblings from the leaf up; each says on which side it stands")
          List<ProofStepResponse> path,
      CheckpointResponse checkpoint) {}

  /** An account's leaf: what the checkpoint commits to about it. */
  public record ProofLeafResponse(
      long accountId,
      long balance,
      long heldAmount,
      @Schema(description = "The end of the account's hash chain, hex") String chainHead,
      @Schema(description = "The id of the account's newest entry; 0 before the first")
          long lastEntryId) {}

  /** A sibling on a proof's path: its side, hash and sum. */
  public record ProofStepResponse(
      @Schema(allowableValues = {"LEFT", "RIGHT"}) String side, String hash, long sum) {}
}
