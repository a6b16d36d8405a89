package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * History filters over HTTP, as the contract states them: each alone, combined, and combined with
 * the cursor; malformed filters refused as problems.
 */
class HistoryFiltersIT extends LedgerIntegrationTest {

  private Wallet wallet;
  private String order;
  private List<JsonNode> all;

  /**
   * The wallet's history, newest first: a reversal of 3,000 back in, a deposit of 50, 700 received
   * and 3,000 sent for one order, a deposit of 10,000.
   */
  @BeforeEach
  void book() {
    wallet = walletWith(10_000);
    Wallet shop = walletWith(1_000);
    order = "order-" + System.nanoTime();
    ApiClient.Reply sent = transferForTheOrder(wallet, shop.id(), 3_000);
    transferForTheOrder(shop, wallet.id(), 700);
    deposit(wallet.id(), 50);
    ApiClient.Reply reversed =
        api()
            .post(
                "/v1/transactions/" + sent.json().get("transactionId").asText() + "/reversal",
                OPERATOR,
                ApiClient.newKey(),
                "{\"reason\":\"order cancelled\"}");
    assertThat(reversed.status()).as(reversed.body()).isEqualTo(201);
    all = pages("", 100);
    assertThat(amounts(all)).containsExactly(3_000L, 50L, 700L, -3_000L, 10_000L);
  }

  private ApiClient.Reply transferForTheOrder(Wallet from, long to, long amount) {
    ApiClient.Reply reply = transferWith(from, to, amount, ",\"reference\":\"" + order + "\"");
    assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    return reply;
  }

  /** Every entry the filter shows, following nextCursor page by page. */
  private List<JsonNode> pages(String query, int limit) {
    List<JsonNode> entries = new ArrayList<>();
    String cursor = null;
    do {
      String path =
          "/v1/accounts/"
              + wallet.id()
              + "/entries?limit="
              + limit
              + query
              + (cursor == null ? "" : "&cursor=" + cursor);
      ApiClient.Reply page = api().get(path, wallet.token());
      assertThat(page.status()).as(path + " → " + page.body()).isEqualTo(200);
      page.json().get("items").forEach(entries::add);
      JsonNode next = page.json().get("nextCursor");
      cursor = next == null || next.isNull() ? null : next.asText();
    } while (cursor != null);
    return entries;
  }

  private static List<Long> amounts(List<JsonNode> entries) {
    return entries.stream().map(e -> e.get("amount").asLong()).toList();
  }

  private static String at(JsonNode entry) {
    return URLEncoder.encode(entry.get("createdAt").asText(), StandardCharsets.UTF_8);
  }

  @Test
  void eachFilterAloneShowsExactlyTheEntriesItMatches() {
    assertThat(amounts(pages("&type=TRANSFER", 10))).containsExactly(700L, -3_000L);
    assertThat(amounts(pages("&type=REVERSAL", 10))).containsExactly(3_000L);
    assertThat(amounts(pages("&type=DEPOSIT", 10))).containsExactly(50L, 10_000L);
    assertThat(pages("&type=WITHDRAWAL", 10)).isEmpty();
    assertThat(amounts(pages("&direction=out", 10))).containsExactly(-3_000L);
    assertThat(amounts(pages("&direction=in", 10))).containsExactly(3_000L, 50L, 700L, 10_000L);
    assertThat(amounts(pages("&minAmount=3000", 10))).containsExactly(3_000L, -3_000L, 10_000L);
    assertThat(amounts(pages("&maxAmount=700", 10))).containsExactly(50L, 700L);
    assertThat(amounts(pages("&reference=" + order, 10))).containsExactly(700L, -3_000L);
    assertThat(amounts(pages("&from=" + at(all.get(3)), 10)))
        .containsExactly(3_000L, 50L, 700L, -3_000L);
    assertThat(amounts(pages("&to=" + at(all.get(3)), 10))).containsExactly(10_000L);
    assertThat(pages("&reference=" + order, 10))
        .allSatisfy(entry -> assertThat(entry.get("reference").asText()).isEqualTo(order));
  }

  @Test
  void filtersCombineWithEachOtherAndWithTheCursor() {
    assertThat(amounts(pages("&type=TRANSFER&direction=in&reference=" + order, 10)))
        .containsExactly(700L);
    assertThat(amounts(pages("&direction=in&minAmount=100&maxAmount=5000", 10)))
        .containsExactly(3_000L, 700L);
    assertThat(amounts(pages("&from=" + at(all.get(3)) + "&to=" + at(all.get(0)), 10)))
        .containsExactly(50L, 700L, -3_000L);
    for (String query :
        List.of(
            "&direction=in",
            "&type=TRANSFER",
            "&minAmount=700",
            "&reference=" + order,
            "&from=" + at(all.get(3)) + "&direction=in")) {
      assertThat(pages(query, 1)).as(query).isEqualTo(pages(query, 100));
    }
    assertThat(amounts(pages("&direction=in", 1))).containsExactly(3_000L, 50L, 700L, 10_000L);
  }

  @Test
  void aMalformedFilterIsAProblemAndAStrangerIsRefusedWhateverTheFilter() {
    String entries = "/v1/accounts/" + wallet.id() + "/entries?";
    Instant now = Instant.now();
    for (String query :
        List.of(
            "direction=sideways",
            "type=PAYMENT",
            "type=transfer",
            "minAmount=0",
            "maxAmount=-5",
            "minAmount=10&maxAmount=9",
            "minAmount=ten",
            "from=yesterday",
            "from=" + now + "&to=" + now,
            "from=" + now + "&to=" + now.minusSeconds(1),
            "reference=" + "r".repeat(129))) {
      assertProblem(api().get(entries + query, wallet.token()), 400, "VALIDATION_FAILED");
    }
    assertProblem(api().get(entries + "direction=in", openWallet().token()), 403, "FORBIDDEN");
  }
}
