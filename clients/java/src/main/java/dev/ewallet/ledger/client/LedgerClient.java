package dev.ewallet.ledger.client;

import com.fasterxml.jackson.core.JacksonException;
import dev.ewallet.ledger.client.api.AccountControlsApi;
import dev.ewallet.ledger.client.api.AccountsApi;
import dev.ewallet.ledger.client.api.AuditApi;
import dev.ewallet.ledger.client.api.HotAccountsApi;
import dev.ewallet.ledger.client.api.IdempotencyKeysApi;
import dev.ewallet.ledger.client.api.MoneyMovementsApi;
import dev.ewallet.ledger.client.api.MonitorsApi;
import dev.ewallet.ledger.client.api.ScheduledTransfersApi;
import dev.ewallet.ledger.client.api.TransactionsAndReconciliationApi;
import dev.ewallet.ledger.client.api.WalletLifecycleApi;
import dev.ewallet.ledger.client.api.WebhooksApi;
import dev.ewallet.ledger.client.api.WithdrawalsAndHoldsApi;
import dev.ewallet.ledger.client.generated.ApiClient;
import dev.ewallet.ledger.client.generated.ApiException;
import dev.ewallet.ledger.client.model.Problem;
import dev.ewallet.ledger.client.model.Problem.CodeEnum;
import dev.ewallet.ledger.domain.webhook.WebhookSignature;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The ledger's API v1 for Java programs: the generated operations (one class per tag of the OpenAPI
 * document), each request carrying the caller's bearer token, and what a payments client needs
 * besides: a fresh idempotency key per money movement, the typed problem behind a failed call, and
 * whether resending the same request with the same key is the right reaction to it.
 *
 * <pre>{@code
 * LedgerClient ledger = LedgerClient.connect(URI.create("http://localhost:8080"), tokens::current);
 * String key = LedgerClient.newIdempotencyKey(); // keep it until the outcome is known
 * try {
 *   PostingResponse posted = ledger.moneyMovements().transfer(key, request);
 * } catch (ApiException e) {
 *   Problem problem = LedgerClient.problem(e).orElseThrow(() -> e);
 *   if (LedgerClient.resendWithTheSameKey(problem)) { ... } // same key, same body: never twice
 * }
 * }</pre>
 */
public final class LedgerClient {

  /**
   * The problems after which the request may or may not have been carried out, or was refused only
   * for now: the same request with the same key tells the outcome, and never posts twice.
   */
  private static final Set<CodeEnum> RESEND_WITH_SAME_KEY =
      EnumSet.of(
          CodeEnum.OVERLOADED,
          CodeEnum.OUTCOME_UNKNOWN,
          CodeEnum.RATE_LIMITED,
          CodeEnum.INTERNAL_ERROR);

  private final ApiClient api;

  private LedgerClient(ApiClient api) {
    this.api = api;
  }

  /**
   * A client of the service at {@code baseUri}.
   *
   * @param bearerToken asked for a token before every request (so an expiring token can be
   *     refreshed); never {@code null}, nor may it return {@code null}
   */
  public static LedgerClient connect(URI baseUri, Supplier<String> bearerToken) {
    Objects.requireNonNull(baseUri, "baseUri");
    Objects.requireNonNull(bearerToken, "bearerToken");
    ApiClient api = new ApiClient();
    api.updateBaseUri(baseUri.toString());
    api.setRequestInterceptor(request ->
        request.header(
            "Authorization",
            "Bearer " + Objects.requireNonNull(bearerToken.get(), "bearer token")));
    return new LedgerClient(api);
  }

  /** A new idempotency key: one per money movement, kept until its outcome is known. */
  public static String newIdempotencyKey() {
    return UUID.randomUUID().toString();
  }

  /**
   * The RFC 9457 problem the service answered, with its stable {@link Problem#getCode() code};
   * empty when the failure carries none (the connection failed, or something between answered).
   */
  public static Optional<Problem> problem(ApiException failure) {
    String body = failure.getResponseBody();
    if (body == null || body.isBlank()) {
      return Optional.empty();
    }
    try {
      Problem problem = new ApiClient().getObjectMapper().readValue(body, Problem.class);
      return Optional.ofNullable(problem.getCode()).map(code -> problem);
    } catch (JacksonException notAProblem) {
      return Optional.empty();
    }
  }

  /**
   * Whether to send the same request again with the same key (after the {@code Retry-After} the
   * answer gave): the outcome is unknown or the refusal temporary. Every other problem is final for
   * that key; a changed request needs a new key.
   */
  public static boolean resendWithTheSameKey(Problem problem) {
    return RESEND_WITH_SAME_KEY.contains(problem.getCode());
  }

  /** How far a delivery's {@code t} may be from now: older deliveries are refused as replays. */
  public static final Duration WEBHOOK_TOLERANCE = Duration.ofMinutes(5);

  /**
   * Whether a webhook delivery is the ledger's: {@code signatureHeader} (the {@code
   * Ledger-Signature} header) signs {@code body} (the raw request body, exactly as received, before
   * any parsing) with the endpoint's {@code secret}, and was signed within {@link
   * #WEBHOOK_TOLERANCE} of now. Compares in constant time. During a secret rotation the header
   * carries a signature per secret; either secret verifies.
   */
  public static boolean verifyWebhook(String signatureHeader, String body, String secret) {
    return signatureHeader != null
        && WebhookSignature.verify(signatureHeader, body, secret, Instant.now(), WEBHOOK_TOLERANCE);
  }

  public AccountsApi accounts() {
    return new AccountsApi(api);
  }

  public MoneyMovementsApi moneyMovements() {
    return new MoneyMovementsApi(api);
  }

  public WithdrawalsAndHoldsApi withdrawalsAndHolds() {
    return new WithdrawalsAndHoldsApi(api);
  }

  public TransactionsAndReconciliationApi transactions() {
    return new TransactionsAndReconciliationApi(api);
  }

  public AccountControlsApi accountControls() {
    return new AccountControlsApi(api);
  }

  public AuditApi audit() {
    return new AuditApi(api);
  }

  public MonitorsApi monitors() {
    return new MonitorsApi(api);
  }

  /** Webhook endpoints and their deliveries (operators). */
  public WebhooksApi webhooks() {
    return new WebhooksApi(api);
  }

  /** Hot accounts: the ledger's splits of hot merchants and operators' policies (operators). */
  public HotAccountsApi hotAccounts() {
    return new HotAccountsApi(api);
  }

  /**
   * A wallet's whole life: closing and reopening, suspense, dormancy and its report, and erasing a
   * user's personal data (operators).
   */
  public WalletLifecycleApi walletLifecycle() {
    return new WalletLifecycleApi(api);
  }

  /** Scheduled and recurring transfers, and their executions. */
  public ScheduledTransfersApi scheduledTransfers() {
    return new ScheduledTransfersApi(api);
  }

  /** What became of a request under one of the caller's idempotency keys. */
  public IdempotencyKeysApi idempotencyKeys() {
    return new IdempotencyKeysApi(api);
  }
}
