package dev.ewallet.ledger.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ewallet.ledger.client.generated.ApiException;
import dev.ewallet.ledger.client.model.AccountResponse;
import dev.ewallet.ledger.client.model.CreateAccountRequest;
import dev.ewallet.ledger.client.model.DepositRequest;
import dev.ewallet.ledger.client.model.PendingDepositResponse;
import dev.ewallet.ledger.client.model.PostingResponse;
import dev.ewallet.ledger.client.model.Problem;
import dev.ewallet.ledger.client.model.Problem.CodeEnum;
import dev.ewallet.ledger.client.model.TransferRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The generated client against a running service ({@code -Dledger.url}, started by {@code
 * ops/fresh-machine/check.sh}) in local mode, with HS256 development tokens: a deposit and a
 * transfer, the transfer's replay under its key, and a refusal read as its typed problem; a pending
 * deposit shown as pendingIn and settled once.
 */
class LedgerClientIT {

  private static final URI SERVICE = URI.create(System.getProperty("ledger.url"));
  private static final String SECRET =
      System.getenv()
          .getOrDefault(
              "LEDGER_SECURITY_JWT_SECRET", "local-development-secret-change-me-0123456789");

  @Test
  void aDepositAndATransferPostOnceAndARefusalIsATypedProblem() throws ApiException {
    long user = ThreadLocalRandom.current().nextLong(1_000_000, 1_000_000_000);
    LedgerClient owner = LedgerClient.connect(SERVICE, () -> token(user, false));
    LedgerClient operator = LedgerClient.connect(SERVICE, () -> token(1, true));
    AccountResponse from = owner.accounts().create(new CreateAccountRequest().currency("VND"));
    AccountResponse to = owner.accounts().create(new CreateAccountRequest().currency("VND"));

    operator
        .moneyMovements()
        .deposit(
            LedgerClient.newIdempotencyKey(),
            new DepositRequest().accountId(from.getId()).amount(100_000L));
    String key = LedgerClient.newIdempotencyKey();
    TransferRequest transfer =
        new TransferRequest().fromAccountId(from.getId()).toAccountId(to.getId()).amount(25_000L);
    PostingResponse posted = owner.moneyMovements().transfer(key, transfer);
    PostingResponse replayed = owner.moneyMovements().transfer(key, transfer);

    assertThat(replayed.getTransactionId()).isEqualTo(posted.getTransactionId());
    assertThat(owner.accounts().getAccount(from.getId(), null).getBalance()).isEqualTo(75_000L);
    assertThat(owner.accounts().getAccount(to.getId(), null).getBalance()).isEqualTo(25_000L);

    ApiException refused =
        assertThrows(
            ApiException.class,
            () ->
                owner
                    .moneyMovements()
                    .transfer(LedgerClient.newIdempotencyKey(), transfer.amount(1_000_000L)));
    Problem problem = LedgerClient.problem(refused).orElseThrow();
    assertThat(problem.getCode()).isEqualTo(CodeEnum.INSUFFICIENT_FUNDS);
    assertThat(problem.getTraceId()).matches("[0-9a-f]{32}");
    assertThat(LedgerClient.resendWithTheSameKey(problem)).isFalse();
    assertThat(owner.accounts().getAccount(from.getId(), null).getBalance()).isEqualTo(75_000L);
  }

  @Test
  void aPendingDepositShowsAsPendingInAndSettlesOnce() throws ApiException {
    long user = ThreadLocalRandom.current().nextLong(1_000_000, 1_000_000_000);
    LedgerClient owner = LedgerClient.connect(SERVICE, () -> token(user, false));
    LedgerClient operator = LedgerClient.connect(SERVICE, () -> token(1, true));
    AccountResponse wallet = owner.accounts().create(new CreateAccountRequest().currency("VND"));
    assertThat(wallet.getDepositReference()).startsWith("RF").endsWith("W" + wallet.getId());

    PendingDepositResponse announced =
        operator
            .moneyMovements()
            .deposit(
                LedgerClient.newIdempotencyKey(),
                new DepositRequest()
                    .accountId(wallet.getId())
                    .amount(40_000L)
                    .status(DepositRequest.StatusEnum.PENDING))
            .getPendingDepositResponse();

    assertThat(announced.getStatus()).isEqualTo(PendingDepositResponse.StatusEnum.PENDING);
    AccountResponse waiting = owner.accounts().getAccount(wallet.getId(), null);
    assertThat(waiting.getBalance()).isZero();
    assertThat(waiting.getPendingIn()).isEqualTo(40_000L);

    String key = LedgerClient.newIdempotencyKey();
    PendingDepositResponse settled =
        operator.moneyMovements().settleDeposit(announced.getId(), key);
    PendingDepositResponse again = operator.moneyMovements().settleDeposit(announced.getId(), key);

    assertThat(settled.getStatus()).isEqualTo(PendingDepositResponse.StatusEnum.SETTLED);
    assertThat(again.getTransactionId()).isEqualTo(settled.getTransactionId());
    AccountResponse credited = owner.accounts().getAccount(wallet.getId(), null);
    assertThat(credited.getBalance()).isEqualTo(40_000L);
    assertThat(credited.getPendingIn()).isZero();
  }

  /** A token as bin/dev-token mints it: HS256 over the development secret, an hour to live. */
  private static String token(long user, boolean operator) {
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    long now = Instant.now().getEpochSecond();
    String header = "{\"alg\":\"HS256\",\"typ\":\"JWT\"}";
    String claims =
        "{\"sub\":\""
            + user
            + "\",\"scope\":\""
            + (operator ? "ledger.user ledger.operator" : "ledger.user")
            + "\",\"iat\":"
            + now
            + ",\"exp\":"
            + (now + 3600)
            + "}";
    String unsigned =
        base64.encodeToString(header.getBytes(StandardCharsets.UTF_8))
            + "."
            + base64.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return unsigned
          + "."
          + base64.encodeToString(mac.doFinal(unsigned.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
