package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Every state-changing request leaves an audit event, refused ones included, and no audit event can
 * be changed afterwards, not even by the schema's owner.
 */
class AuditTrailIT extends LedgerIntegrationTest {

  @Autowired AuditFlushJob auditFlush;

  private List<JsonNode> auditEvents(String query) {
    auditFlush.run();
    ApiClient.Reply reply = api().get("/v1/audit-events?" + query, OPERATOR);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<JsonNode> events = new ArrayList<>();
    reply.json().get("items").forEach(events::add);
    return events;
  }

  @Test
  void carriedOutAndRefusedRequestsAreAuditedWithWhoWhatAndOutcome() {
    Instant started = Instant.now().minusSeconds(1);
    Wallet alice = walletWith(1_000);
    Wallet bob = openWallet();
    String paidKey = ApiClient.newKey();
    String paid = transfer(alice, bob.id(), 400, paidKey).json().get("transactionId").asText();
    assertThat(transfer(alice, bob.id(), 5_000, ApiClient.newKey()).code())
        .isEqualTo("INSUFFICIENT_FUNDS");
    Wallet mallory = openWallet();
    assertThat(transfer(mallory, bob.id(), 1, ApiClient.newKey()).status()).isEqualTo(422);
    String stolen =
        "{\"fromAccountId\":" + alice.id() + ",\"toAccountId\":" + mallory.id() + ",\"amount\":1}";
    assertThat(api().post("/v1/transfers", mallory.token(), ApiClient.newKey(), stolen).code())
        .isEqualTo("FORBIDDEN");
    String anonymousKey = ApiClient.newKey();
    assertThat(api().post("/v1/transfers", null, anonymousKey, stolen).code())
        .isEqualTo("UNAUTHENTICATED");

    List<JsonNode> ofAlice = auditEvents("actor=" + alice.owner());
    assertThat(ofAlice).extracting(e -> e.get("status").asInt()).containsExactly(422, 201, 201);
    JsonNode payment = ofAlice.get(1);
    assertThat(payment.get("method").asText()).isEqualTo("POST");
    assertThat(payment.get("path").asText()).isEqualTo("/v1/transfers");
    assertThat(payment.get("idempotencyKey").asText()).isEqualTo(paidKey);
    assertThat(payment.get("transactionId").asText()).isEqualTo(paid);
    assertThat(payment.get("operator").asBoolean()).isFalse();
    assertThat(payment.get("issuer").asText()).isEqualTo(TestTokens.ISSUER);
    assertThat(payment.get("clientAddress").asText()).isEqualTo("127.0.0.1");
    assertThat(payment.get("accountIds"))
        .extracting(JsonNode::asLong)
        .contains(alice.id(), bob.id());
    assertThat(ofAlice.get(0).get("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
    assertThat(ofAlice.get(0).has("transactionId") && !ofAlice.get(0).get("transactionId").isNull())
        .isFalse();

    List<JsonNode> onAlicesWallet = auditEvents("accountId=" + alice.id());
    JsonNode forbidden =
        onAlicesWallet.stream()
            .filter(e -> e.get("status").asInt() == 403)
            .findFirst()
            .orElseThrow();
    assertThat(forbidden.get("code").asText()).isEqualTo("FORBIDDEN");
    assertThat(forbidden.get("actor").asText()).isEqualTo(String.valueOf(mallory.owner()));
    // Refused before anything read its body, the anonymous attempt is found by time and key.
    JsonNode anonymous =
        auditEvents("limit=100&from=" + started).stream()
            .filter(e -> anonymousKey.equals(e.path("idempotencyKey").asText()))
            .findFirst()
            .orElseThrow();
    assertThat(anonymous.get("status").asInt()).isEqualTo(401);
    assertThat(anonymous.get("code").asText()).isEqualTo("UNAUTHENTICATED");
    assertThat(anonymous.get("actor").isNull()).isTrue();
  }

  @Test
  void aReversalAndARefundAreFoundByTheAccountsTheyMovedMoneyOn() {
    Wallet payer = walletWith(1_000);
    Wallet payee = openWallet();
    String reversed =
        transfer(payer, payee.id(), 300, ApiClient.newKey()).json().get("transactionId").asText();
    String refunded =
        transfer(payer, payee.id(), 200, ApiClient.newKey()).json().get("transactionId").asText();
    String reversal = "/v1/transactions/" + reversed + "/reversal";
    String refund = "/v1/transactions/" + refunded + "/refunds";
    assertThat(api().post(reversal, OPERATOR, ApiClient.newKey(), "{\"reason\":\"x\"}").status())
        .isEqualTo(201);
    assertThat(api().post(refund, OPERATOR, ApiClient.newKey(), "{\"amount\":50}").status())
        .isEqualTo(201);

    for (Wallet side : List.of(payer, payee)) {
      List<JsonNode> onIt = auditEvents("accountId=" + side.id());
      assertThat(onIt)
          .extracting(e -> e.get("path").asText())
          .as("the audit events on wallet %s", side.id())
          .contains(reversal, refund);
      assertThat(onIt.stream().filter(e -> e.get("path").asText().equals(refund)).findFirst())
          .get()
          .satisfies(e ->
              assertThat(e.get("accountIds"))
                  .extracting(JsonNode::asLong)
                  .containsExactlyInAnyOrder(payer.id(), payee.id()));
    }
  }

  @Test
  void onlyOperatorsReadTheTrailAndItPagesByCursor() {
    Wallet wallet = walletWith(100);
    for (int i = 0; i < 3; i++) {
      transfer(wallet, openWallet().id(), 1, ApiClient.newKey());
    }
    assertThat(api().get("/v1/audit-events", wallet.token()).code()).isEqualTo("FORBIDDEN");
    auditFlush.run();

    ApiClient.Reply first = api().get("/v1/audit-events?limit=2&actor=" + wallet.owner(), OPERATOR);
    String cursor = first.json().get("nextCursor").asText();
    ApiClient.Reply second =
        api()
            .get(
                "/v1/audit-events?limit=2&actor=" + wallet.owner() + "&cursor=" + cursor, OPERATOR);

    assertThat(first.json().get("items")).hasSize(2);
    assertThat(second.json().get("items")).hasSize(2);
    assertThat(second.json().get("items").get(0).get("id").asLong())
        .isLessThan(first.json().get("items").get(1).get("id").asLong());
  }

  @Test
  void noAuditEventCanBeChangedNotEvenByTheOwner() {
    walletWith(10);
    auditFlush.run();

    for (String sql :
        List.of(
            "UPDATE audit_event SET status = 200",
            "DELETE FROM audit_event",
            "TRUNCATE audit_event")) {
      assertThatThrownBy(() -> jdbc.sql(sql).update())
          .as("runtime role: " + sql)
          .rootCause()
          .hasMessageContaining("permission denied");
      assertThatThrownBy(() -> asOwner.sql(sql).update())
          .as("owner: " + sql)
          .rootCause()
          .hasMessageContaining("append-only");
    }
  }
}
