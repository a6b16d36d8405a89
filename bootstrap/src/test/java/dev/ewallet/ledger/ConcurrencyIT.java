package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The seed's concurrency tests, at the service level and over HTTP, on real PostgreSQL: without the
 * row lock they fail at random, without the idempotency claim a repeated key debits twice.
 */
class ConcurrencyIT extends LedgerIntegrationTest {

  @Autowired TransferFundsUseCase transfers;

  @Test
  void neverOverdraftsUnderConcurrencyAtTheServiceLevel() throws Exception {
    Wallet source = walletWith(50_000);
    Wallet target = openWallet();
    Caller owner = Caller.user(source.owner());

    List<String> outcomes =
        concurrently(
            IntStream.range(0, 100)
                .<Callable<String>>mapToObj(i ->
                    () -> {
                      try {
                        transfers.transfer(
                            new TransferFundsCommand(
                                owner,
                                IdempotencyKey.of(ApiClient.newKey()),
                                AccountId.of(source.id()),
                                AccountId.of(target.id()),
                                1_000));
                        return "posted";
                      } catch (InsufficientFundsException refused) {
                        return "refused";
                      }
                    })
                .toList());

    assertThat(outcomes).filteredOn("posted"::equals).hasSize(50);
    assertThat(outcomes).filteredOn("refused"::equals).hasSize(50);
    assertThat(balance(source.id())).isZero();
    assertThat(balance(target.id())).isEqualTo(50_000);
    assertThat(entrySum(source.id()) + entrySum(target.id())).isEqualTo(50_000);
    assertBooksBalance();
  }

  @Test
  void neverOverdraftsUnderConcurrencyOverHttp() throws Exception {
    assertFiftyOfAHundredPost(api());
  }

  @Test
  void theSameKeyTwicePostsOnceAtTheServiceLevel() {
    Wallet source = walletWith(10_000);
    Wallet target = openWallet();
    TransferFundsCommand command =
        new TransferFundsCommand(
            Caller.user(source.owner()),
            IdempotencyKey.of(ApiClient.newKey()),
            AccountId.of(source.id()),
            AccountId.of(target.id()),
            1_000);

    PostingReceipt first = transfers.transfer(command);
    PostingReceipt second = transfers.transfer(command);

    assertThat(second.transactionId()).isEqualTo(first.transactionId());
    assertThat(second.replayed()).isTrue();
    assertThat(balance(source.id())).isEqualTo(9_000);
  }

  @Test
  void concurrentRequestsWithOneKeyPostOnceAndAllGetTheSameAnswer() throws Exception {
    assertOneKeyPostsOnce(api(), 20);
  }

  @Test
  void opposingTransfersNeverDeadlockAndConserveMoney() throws Exception {
    Wallet a = walletWith(1_000_000);
    Wallet b = walletWith(1_000_000);
    List<Callable<ApiClient.Reply>> pairs = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      pairs.add(() -> transfer(a, b.id(), 7, ApiClient.newKey()));
      pairs.add(() -> transfer(b, a.id(), 5, ApiClient.newKey()));
    }

    List<ApiClient.Reply> replies = concurrently(pairs);

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(201));
    assertThat(balance(a.id())).isEqualTo(1_000_000 - 7_000 + 5_000);
    assertThat(balance(b.id())).isEqualTo(1_000_000 + 7_000 - 5_000);
    assertThat(balance(a.id()) + balance(b.id())).isEqualTo(2_000_000);
    assertBooksBalance();
  }

  @Test
  void concurrentCreditsFromManySourcesSumExactly() throws Exception {
    Wallet sink = openWallet();
    List<Wallet> sources = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      sources.add(walletWith(10_000));
    }

    List<ApiClient.Reply> replies =
        concurrently(
            sources.stream()
                .<Callable<ApiClient.Reply>>map(s ->
                    () -> transfer(s, sink.id(), 1_000 + sources.indexOf(s), ApiClient.newKey()))
                .toList());

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isEqualTo(201));
    long expected = IntStream.range(0, 100).mapToLong(i -> 1_000 + i).sum();
    assertThat(balance(sink.id())).isEqualTo(expected);
    assertThat(entrySum(sink.id())).isEqualTo(expected);
  }
}
