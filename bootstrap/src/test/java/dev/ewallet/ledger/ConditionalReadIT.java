package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Conditional reads over HTTP: an {@code ETag} on every account read and history page, 304 without
 * a body while nothing a client sees has changed, 200 again as soon as something has.
 */
class ConditionalReadIT extends LedgerIntegrationTest {

  private ApiClient.Reply read(long accountId, String token, String ifNoneMatch) {
    return read("/v1/accounts/" + accountId, token, ifNoneMatch);
  }

  private ApiClient.Reply read(String path, String token, String ifNoneMatch) {
    return api().send(api().request(path, token).header("If-None-Match", ifNoneMatch).GET());
  }

  private static void assertNotModified(ApiClient.Reply reply, String etag) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(304);
    assertThat(reply.body()).isEmpty();
    assertThat(reply.header("ETag")).isEqualTo(etag);
  }

  @Test
  void anAccountReadCarriesAnETagAndAMatchingIfNoneMatchIsAnswered304WithoutABody() {
    Wallet wallet = walletWith(5_000);

    ApiClient.Reply first = api().get("/v1/accounts/" + wallet.id(), wallet.token());

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.json().get("balance").asLong()).isEqualTo(5_000);
    String etag = first.header("ETag");
    assertThat(etag).startsWith("\"").endsWith("\"");
    assertThat(first.header("Cache-Control")).contains("no-cache").contains("private");
    assertNotModified(read(wallet.id(), wallet.token(), etag), etag);
    assertNotModified(read(wallet.id(), wallet.token(), "\"older\", " + etag), etag);
    assertNotModified(read(wallet.id(), wallet.token(), "W/" + etag), etag);
    assertNotModified(read(wallet.id(), OPERATOR, etag), etag);
    assertThat(read(wallet.id(), wallet.token(), "\"older\"").status()).isEqualTo(200);
  }

  @Test
  void aPostingOnEitherSideChangesTheETagAndTheSameIfNoneMatchGets200Again() {
    Wallet payer = walletWith(5_000);
    Wallet payee = openWallet();
    String payerTag = api().get("/v1/accounts/" + payer.id(), payer.token()).header("ETag");
    String payeeTag = api().get("/v1/accounts/" + payee.id(), payee.token()).header("ETag");

    assertThat(transfer(payer, payee.id(), 1_200, ApiClient.newKey()).status()).isEqualTo(201);

    ApiClient.Reply payerNow = read(payer.id(), payer.token(), payerTag);
    ApiClient.Reply payeeNow = read(payee.id(), payee.token(), payeeTag);
    assertThat(payerNow.status()).isEqualTo(200);
    assertThat(payerNow.json().get("balance").asLong()).isEqualTo(3_800);
    assertThat(payerNow.header("ETag")).isNotEqualTo(payerTag);
    assertThat(payeeNow.status()).isEqualTo(200);
    assertThat(payeeNow.json().get("balance").asLong()).isEqualTo(1_200);
    assertThat(payeeNow.header("ETag")).isNotEqualTo(payeeTag);
    assertNotModified(
        read(payer.id(), payer.token(), payerNow.header("ETag")), payerNow.header("ETag"));
  }

  @Test
  void aCapturedHoldChangesTheETagThoughNoEntryTouchesTheWallet() {
    Wallet wallet = walletWith(5_000);
    Wallet shop = openWallet();
    ApiClient.Reply held = hold(wallet, shop.id(), 2_000, Instant.now().plus(1, ChronoUnit.DAYS));
    assertThat(held.status()).as(held.body()).isEqualTo(201);
    ApiClient.Reply before = api().get("/v1/accounts/" + wallet.id(), wallet.token());
    assertThat(before.json().get("heldAmount").asLong()).isEqualTo(2_000);

    ApiClient.Reply captured =
        api()
            .post(
                "/v1/holds/" + held.json().get("holdId").asText() + "/capture",
                OPERATOR,
                ApiClient.newKey(),
                null);
    assertThat(captured.status()).as(captured.body()).isEqualTo(200);

    ApiClient.Reply after = read(wallet.id(), wallet.token(), before.header("ETag"));
    assertThat(after.status()).isEqualTo(200);
    assertThat(after.json().get("heldAmount").asLong()).isZero();
    assertThat(after.json().get("balance").asLong()).isEqualTo(3_000);
  }

  @Test
  void aMerchantsETagChangesWhenAnyOfItsShardsIsCredited() {
    long merchant = openMerchant(4).id();
    String tag = read(merchant, OPERATOR, "\"none\"").header("ETag");
    Wallet payer = walletWith(1_000);

    for (int i = 1; i <= 3; i++) {
      assertThat(transfer(payer, merchant, 100, ApiClient.newKey()).status()).isEqualTo(201);
      ApiClient.Reply now = read(merchant, OPERATOR, tag);
      assertThat(now.status()).isEqualTo(200);
      assertThat(now.json().get("balance").asLong()).isEqualTo(100L * i);
      assertThat(now.header("ETag")).isNotEqualTo(tag);
      tag = now.header("ETag");
    }
    assertNotModified(read(merchant, OPERATOR, tag), tag);
  }

  @Test
  void aHistoryPageCarriesAnETagAndIsAnswered304UntilAnEntryReachesIt() {
    Wallet wallet = walletWith(5_000);
    Wallet payee = openWallet();
    assertThat(transfer(wallet, payee.id(), 100, ApiClient.newKey()).status()).isEqualTo(201);
    String newest = "/v1/accounts/" + wallet.id() + "/entries?limit=1";
    ApiClient.Reply first = api().get(newest, wallet.token());
    String etag = first.header("ETag");
    String older = "/v1/accounts/" + wallet.id() + "/entries?limit=1&cursor=";
    older += first.json().get("nextCursor").asText();
    String olderTag = api().get(older, wallet.token()).header("ETag");

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.header("Cache-Control")).contains("no-cache").contains("private");
    assertThat(olderTag).isNotNull().isNotEqualTo(etag);
    assertNotModified(read(newest, wallet.token(), etag), etag);

    assertThat(transfer(wallet, payee.id(), 200, ApiClient.newKey()).status()).isEqualTo(201);

    ApiClient.Reply now = read(newest, wallet.token(), etag);
    assertThat(now.status()).isEqualTo(200);
    assertThat(now.json().get("items").get(0).get("amount").asLong()).isEqualTo(-200);
    assertThat(now.header("ETag")).isNotEqualTo(etag);
    assertNotModified(read(older, wallet.token(), olderTag), olderTag);
  }

  @Test
  void someoneElsesAccountIsRefusedEvenWithItsCurrentETag() {
    Wallet wallet = walletWith(300);
    Wallet stranger = openWallet();
    String etag = api().get("/v1/accounts/" + wallet.id(), wallet.token()).header("ETag");

    String pagePath = "/v1/accounts/" + wallet.id() + "/entries";
    String pageTag = api().get(pagePath, wallet.token()).header("ETag");

    for (ApiClient.Reply refused :
        List.of(
            read(wallet.id(), stranger.token(), etag), read(pagePath, stranger.token(), pageTag))) {
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.header("ETag")).isNull();
      assertThat(refused.json().get("code").asText()).isEqualTo("FORBIDDEN");
    }
  }
}
