package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The group-commit engine (on in every shared-context test) over HTTP: batches really form, a
 * must-fail transfer fails alone inside them, deposits, withdrawals and holds go through it too,
 * and a reply lost with its instance is replayed by a new one.
 */
class GroupCommitIT extends LedgerIntegrationTest {

  @Test
  void concurrentTransfersShareBatchesAndEachKeepsItsOwnOutcome() throws Exception {
    Wallet poor = walletWith(100);
    Wallet rich = walletWith(100_000);
    Wallet target = openWallet();

    List<ApiClient.Reply> replies =
        concurrently(
            IntStream.range(0, 60)
                .<Callable<ApiClient.Reply>>mapToObj(i ->
                    i % 3 == 0
                        ? () -> transfer(poor, target.id(), 60, ApiClient.newKey())
                        : () -> transfer(rich, target.id(), 10, ApiClient.newKey()))
                .toList());

    assertThat(replies).filteredOn(r -> r.status() == 201).hasSize(41);
    assertThat(replies)
        .filteredOn(r -> r.status() == 422)
        .hasSize(19)
        .allSatisfy(r -> assertThat(r.code()).isEqualTo("INSUFFICIENT_FUNDS"));
    assertThat(balance(target.id())).isEqualTo(60 + 40 * 10);
    String scrape = api().get("/actuator/prometheus", OPERATOR).body();
    assertThat(scrape).containsPattern("ledger_posting_batch_size_count [1-9]");
    assertThat(scrape)
        .containsPattern(
            "ledger_posting_batch_size_max [2-9]|ledger_posting_batch_size_max [1-9][0-9]");
    assertBooksBalance();
  }

  /**
   * A bank's bulk credits, payday's cash-outs and a sale's authorizations: concurrent deposits,
   * withdrawals and holds of one currency are posted by the engine's batches (each batch takes the
   * currency's clearing or hold account once for all it carries), each booked once.
   */
  @Test
  void concurrentDepositsWithdrawalsAndHoldsArePostedByTheEngine() throws Exception {
    List<Wallet> wallets = IntStream.range(0, 20).mapToObj(i -> openWallet()).toList();
    Wallet shop = openWallet();
    Instant expiresAt = Instant.now().plus(Duration.ofHours(1));
    long batchedBefore = batchedRequests();

    concurrently(
        wallets.stream()
            .<Callable<Void>>map(wallet ->
                () -> {
                  deposit(wallet.id(), 500);
                  return null;
                })
            .toList());
    List<ApiClient.Reply> spent =
        concurrently(
            wallets.stream()
                .flatMap(wallet ->
                    Stream.<Callable<ApiClient.Reply>>of(
                        () -> withdraw(wallet, 100), () -> hold(wallet, shop.id(), 100, expiresAt)))
                .toList());

    assertThat(spent).allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(201, 202));
    assertThat(batchedRequests() - batchedBefore).isGreaterThanOrEqualTo(3L * wallets.size());
    assertThat(wallets).allSatisfy(wallet -> assertThat(balance(wallet.id())).isEqualTo(300));
    assertBooksBalance();
  }

  /** How many requests the engine's batches have carried, from its batch-size summary. */
  private long batchedRequests() {
    Matcher sum =
        Pattern.compile("(?m)^ledger_posting_batch_size_sum ([0-9.E]+)$")
            .matcher(api().get("/actuator/prometheus", OPERATOR).body());
    assertThat(sum.find()).as("the batch-size summary is scraped").isTrue();
    return (long) Double.parseDouble(sum.group(1));
  }

  @Test
  void aReplyLostWithItsInstanceIsReplayedByTheNextOne() {
    Wallet from = walletWith(10_000);
    Wallet to = openWallet();
    String key = ApiClient.newKey();
    ApiClient.Reply first = transfer(from, to.id(), 700, key);
    assertThat(first.status()).isEqualTo(201);

    try (ConfigurableApplicationContext restarted =
        startAnotherInstance(
            Map.of(
                "ledger.outbox.relay-enabled", false,
                "ledger.posting.group-commit.enabled", true))) {
      ApiClient.Reply retry =
          clientOf(restarted)
              .post(
                  "/v1/transfers",
                  from.token(),
                  key,
                  "{\"fromAccountId\":"
                      + from.id()
                      + ",\"toAccountId\":"
                      + to.id()
                      + ",\"amount\":700}");
      assertThat(retry.status()).isEqualTo(201);
      assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
      assertThat(retry.body()).isEqualTo(first.body());
    }
    assertThat(balance(from.id())).isEqualTo(9_300);
  }
}
