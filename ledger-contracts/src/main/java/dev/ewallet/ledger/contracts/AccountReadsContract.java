package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.EntryDirection;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.BalanceAt;
import dev.ewallet.ledger.domain.port.in.Statement;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HoldRepository;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link AccountReads} must answer, run against the in-memory fake and the database
 * adapter alike. Money reaches the books through the ledger's own posting path ({@link Postings}).
 */
public abstract class AccountReadsContract {

  protected abstract AccountReads reads();

  protected abstract AccountRepository accounts();

  protected abstract JournalRepository journal();

  protected abstract WithdrawalRepository withdrawals();

  protected abstract HoldRepository holds();

  protected abstract PendingDepositRepository pendingDeposits();

  protected abstract UnitOfWork unitOfWork();

  /** The posting path over the same storage as the ports under test. */
  protected abstract Postings postings();

  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
  private final UserId owner = UserId.of(LedgerFixtures.freshUserId());

  private Account open(AccountKind kind) {
    return accounts().create(new NewAccount(owner, VND, kind, now));
  }

  private Account shardOf(Account merchant, int shardNo) {
    return accounts()
        .create(
            new NewAccount(owner, VND, AccountKind.MERCHANT_SHARD, now, merchant.id(), shardNo));
  }

  private TransactionId deposit(AccountId account, long amount) {
    return postings().deposit(account, vnd(amount));
  }

  /**
   * Credits a merchant's shard as the ledger does, by a transfer landing on it: a new customer's
   * deposit, paid on to the shard.
   */
  private TransactionId creditShard(Account shard, long amount) {
    AccountId customer = open(AccountKind.USER).id();
    deposit(customer, amount);
    return postings().transferToShard(customer, shard.parent(), shard.id(), vnd(amount));
  }

  private AccountView snapshot(AccountId id) {
    return reads().find(id).orElseThrow();
  }

  private List<LedgerEntry> page(AccountId id, HistoryPosition before, int limit) {
    return reads().history(id, HistoryFilter.NONE, before, limit).orElseThrow().entries();
  }

  @Test
  void aNewAccountReadsZeroWithVersionZeroAndEachPostingRaisesItsVersion() {
    Account wallet = open(AccountKind.USER);

    AccountView opened = snapshot(wallet.id());
    assertThat(opened.account()).isEqualTo(wallet);
    assertThat(opened.balance()).isEqualTo(vnd(0));
    assertThat(opened.heldAmount()).isEqualTo(vnd(0));
    assertThat(opened.shards()).isZero();
    assertThat(opened.version()).isZero();

    deposit(wallet.id(), 100);
    AccountView once = snapshot(wallet.id());
    deposit(wallet.id(), 50);
    AccountView twice = snapshot(wallet.id());

    assertThat(once.balance()).isEqualTo(vnd(100));
    assertThat(once.account().balance()).isEqualTo(vnd(100));
    assertThat(twice.balance()).isEqualTo(vnd(150));
    assertThat(once.version()).isPositive();
    assertThat(twice.version()).isGreaterThan(once.version());
    assertThat(snapshot(wallet.id())).isEqualTo(twice);
  }

  @Test
  void theBalanceAtAnInstantIsTheBalanceAfterTheLastEntryAtOrBeforeIt() {
    Account wallet = open(AccountKind.USER);
    deposit(wallet.id(), 100);
    deposit(wallet.id(), 50);
    List<LedgerEntry> entries = page(wallet.id(), null, 10);
    LedgerEntry first = entries.getLast();
    LedgerEntry second = entries.getFirst();

    BalanceAt before =
        reads().balanceAt(wallet.id(), first.createdAt().minusNanos(1_000)).orElseThrow().balance();
    BalanceAt atFirst = reads().balanceAt(wallet.id(), first.createdAt()).orElseThrow().balance();
    BalanceAt after =
        reads().balanceAt(wallet.id(), second.createdAt().plusSeconds(60)).orElseThrow().balance();

    assertThat(before.balance()).isEqualTo(vnd(0));
    assertThat(before.lastEntryId()).isNull();
    assertThat(before.account().id()).isEqualTo(wallet.id());
    assertThat(atFirst.balance()).isEqualTo(vnd(100));
    assertThat(atFirst.lastEntryId()).isEqualTo(first.entryId());
    assertThat(after.balance()).isEqualTo(vnd(150));
    assertThat(after.lastEntryId()).isEqualTo(second.entryId());
    assertThat(reads().balanceAt(wallet.id(), second.createdAt()).orElseThrow().archived())
        .isFalse();
    assertThat(reads().balanceAt(AccountId.of(Long.MAX_VALUE), now)).isEmpty();
  }

  @Test
  void aMerchantsBalanceAtAnInstantSumsItsOwnAndItsShards() {
    Account merchant = open(AccountKind.MERCHANT);
    Account shard = shardOf(merchant, 1);
    deposit(merchant.id(), 30);
    creditShard(shard, 12);
    LedgerEntry newest = page(merchant.id(), null, 1).getFirst();

    BalanceAt total = reads().balanceAt(merchant.id(), newest.createdAt()).orElseThrow().balance();

    assertThat(total.balance()).isEqualTo(vnd(42));
    assertThat(total.lastEntryId()).isEqualTo(newest.entryId());
  }

  @Test
  void aPeriodsTotalsAndEntriesAreThoseBetweenItsBoundsOldestFirst() {
    Account merchant = open(AccountKind.MERCHANT);
    Account shard = shardOf(merchant, 1);
    deposit(merchant.id(), 100);
    creditShard(shard, 40);
    deposit(merchant.id(), 7);
    List<LedgerEntry> all = page(merchant.id(), null, 10).reversed();
    Instant from = all.get(1).createdAt();
    Instant to = all.get(2).createdAt().plusNanos(1_000);

    Statement totals = reads().periodTotals(merchant.id(), from, to).orElseThrow().statement();
    List<LedgerEntry> streamed = new ArrayList<>();
    reads().periodEntries(merchant.id(), from, to, streamed::add);

    assertThat(totals.opening()).isEqualTo(vnd(100));
    assertThat(totals.totalCredits()).isEqualTo(vnd(47));
    assertThat(totals.totalDebits()).isEqualTo(vnd(0));
    assertThat(totals.entryCount()).isEqualTo(2);
    assertThat(totals.closing()).isEqualTo(vnd(147));
    assertThat(streamed).isEqualTo(all.subList(1, 3));
    assertThat(
            reads()
                .periodTotals(merchant.id(), to, to.plusSeconds(1))
                .orElseThrow()
                .statement()
                .entryCount())
        .isZero();
    assertThat(reads().periodTotals(AccountId.of(Long.MAX_VALUE), from, to)).isEmpty();
  }

  @Test
  void theHeldAmountIsWhatPendingWithdrawalsAndHoldsHoldAndDropsWhenTheyEnd() {
    Account wallet = open(AccountKind.USER);
    Account shop = open(AccountKind.USER);
    Withdrawal withdrawal =
        Withdrawal.requested(deposit(wallet.id(), 70), wallet.id(), vnd(70), now);
    Hold hold =
        Hold.placed(
            deposit(wallet.id(), 50),
            wallet.id(),
            shop.id(),
            vnd(50),
            now.plus(Duration.ofDays(1)),
            now);
    unitOfWork()
        .inTransaction(() -> {
          withdrawals().insertWithdrawal(withdrawal);
          holds().insertHold(hold);
          return null;
        });
    assertThat(snapshot(wallet.id()).heldAmount()).isEqualTo(vnd(120));
    assertThat(snapshot(shop.id()).heldAmount()).isEqualTo(vnd(0));

    TransactionId settlement = deposit(shop.id(), 1);
    unitOfWork()
        .inTransaction(() -> {
          withdrawals().lockWithdrawals(new TreeSet<>(List.of(withdrawal.id())));
          withdrawals().updateWithdrawal(withdrawal.fail(settlement, "closed", now));
          holds().lockHolds(new TreeSet<>(List.of(hold.id())));
          holds().updateHold(hold.capture(vnd(50), settlement, now));
          return null;
        });

    AccountView settled = snapshot(wallet.id());
    assertThat(settled.heldAmount()).isEqualTo(vnd(0));
    assertThat(settled.balance()).isEqualTo(vnd(120));
  }

  @Test
  void pendingInIsWhatPendingDepositsAnnounceAndChangesTheRevision() {
    Account wallet = open(AccountKind.USER);
    String before = snapshot(wallet.id()).revision();
    PendingDeposit first =
        PendingDeposit.announced(
            TransactionId.random(), wallet.id(), vnd(40), TransactionDetails.NONE, now);
    PendingDeposit second =
        PendingDeposit.announced(
            TransactionId.random(), wallet.id(), vnd(25), TransactionDetails.NONE, now);
    RequestFingerprint fingerprint = RequestFingerprint.of("PENDING_DEPOSIT");
    pendingDeposits().announce(first, 1, LedgerFixtures.freshKey(), fingerprint);
    pendingDeposits().announce(second, 1, LedgerFixtures.freshKey(), fingerprint);

    AccountView announced = snapshot(wallet.id());
    assertThat(announced.pendingIn()).isEqualTo(vnd(65));
    assertThat(announced.balance()).isEqualTo(vnd(0));
    assertThat(announced.revision()).isNotEqualTo(before);

    unitOfWork()
        .inTransaction(() ->
            pendingDeposits().fail(first.id(), "never came", 1, LedgerFixtures.freshKey(), now));

    assertThat(snapshot(wallet.id()).pendingIn()).isEqualTo(vnd(25));
  }

  @Test
  void aMerchantReadsTheSumOfItsShardsAndAnyShardsPostingRaisesItsVersion() {
    Account merchant = open(AccountKind.MERCHANT);
    Account first = shardOf(merchant, 0);
    Account second = shardOf(merchant, 1);
    deposit(merchant.id(), 5);
    creditShard(first, 10);
    AccountView before = snapshot(merchant.id());
    creditShard(second, 20);

    AccountView after = snapshot(merchant.id());
    assertThat(before.balance()).isEqualTo(vnd(15));
    assertThat(after.balance()).isEqualTo(vnd(35));
    assertThat(after.account().balance()).isEqualTo(vnd(5));
    assertThat(after.shards()).isEqualTo(2);
    assertThat(after.version()).isGreaterThan(before.version());
    assertThat(snapshot(first.id()).balance()).isEqualTo(vnd(10));
    assertThat(snapshot(first.id()).shards()).isZero();
  }

  @Test
  void anOwnersAccountsAreListedOldestFirstWithoutShards() {
    Account wallet = open(AccountKind.USER);
    Account merchant = open(AccountKind.MERCHANT);
    shardOf(merchant, 0);
    deposit(wallet.id(), 9);

    List<AccountView> listed = reads().findByOwner(owner);

    assertThat(listed)
        .extracting(s -> s.account().id())
        .containsExactly(wallet.id(), merchant.id());
    assertThat(listed.getFirst()).isEqualTo(snapshot(wallet.id()));
    assertThat(listed.getLast().shards()).isEqualTo(1);
    assertThat(reads().findByOwner(UserId.of(LedgerFixtures.freshUserId()))).isEmpty();
  }

  @Test
  void historyIsNewestFirstAndPagesByKeyset() {
    AccountId wallet = open(AccountKind.USER).id();
    assertThat(reads().history(wallet, HistoryFilter.NONE, null, 10).orElseThrow().entries())
        .isEmpty();
    deposit(wallet, 1);
    deposit(wallet, 2);
    deposit(wallet, 3);

    AccountHistory newest = reads().history(wallet, HistoryFilter.NONE, null, 2).orElseThrow();
    List<LedgerEntry> older = page(wallet, HistoryPosition.of(newest.entries().getLast()), 2);

    assertThat(newest.account().id()).isEqualTo(wallet);
    assertThat(newest.account().balance()).isEqualTo(vnd(6));
    assertThat(newest.entries()).extracting(e -> e.amount().amountMinor()).containsExactly(3L, 2L);
    assertThat(newest.entries())
        .extracting(e -> e.balanceAfter().amountMinor())
        .containsExactly(6L, 3L);
    assertThat(older).extracting(e -> e.amount().amountMinor()).containsExactly(1L);
    assertThat(older.getFirst().type()).isEqualTo(TransactionType.DEPOSIT);
    assertThat(older.getFirst().accountId()).isEqualTo(wallet);
  }

  @Test
  void aPageShowsEachEntrysTypeAndItsTransactionsDetailsWhereThereAreAny() {
    AccountId wallet = open(AccountKind.USER).id();
    AccountId other = open(AccountKind.USER).id();
    Postings post = postings();
    TransactionDetails described =
        new TransactionDetails("order-" + UUID.randomUUID(), "lunch", Map.of("table", "7"));
    TransactionDetails onlyMetadata = new TransactionDetails(null, null, Map.of("app", "ios"));
    post.deposit(wallet, vnd(100), described);
    post.transfer(wallet, other, vnd(30), TransactionDetails.NONE);
    post.transfer(other, wallet, vnd(5), onlyMetadata);

    List<LedgerEntry> newest = page(wallet, null, 10);

    assertThat(newest)
        .extracting(LedgerEntry::type)
        .containsExactly(
            TransactionType.TRANSFER, TransactionType.TRANSFER, TransactionType.DEPOSIT);
    assertThat(newest)
        .extracting(LedgerEntry::details)
        .containsExactly(onlyMetadata, TransactionDetails.NONE, described);
    assertThat(page(other, null, 10))
        .extracting(LedgerEntry::details)
        .containsExactly(onlyMetadata, TransactionDetails.NONE);
  }

  @Test
  void aMerchantsHistoryMergesItsShardsEntriesNewestFirst() {
    Account merchant = open(AccountKind.MERCHANT);
    Account first = shardOf(merchant, 0);
    Account second = shardOf(merchant, 1);
    creditShard(first, 1);
    deposit(merchant.id(), 2);
    creditShard(second, 3);
    creditShard(first, 4);

    List<LedgerEntry> newest = page(merchant.id(), null, 3);
    List<LedgerEntry> rest = page(merchant.id(), HistoryPosition.of(newest.getLast()), 3);

    assertThat(newest).extracting(e -> e.amount().amountMinor()).containsExactly(4L, 3L, 2L);
    assertThat(newest)
        .extracting(LedgerEntry::accountId)
        .containsExactly(first.id(), second.id(), merchant.id());
    assertThat(rest).extracting(e -> e.amount().amountMinor()).containsExactly(1L);
    assertThat(page(first.id(), null, 10))
        .extracting(e -> e.amount().amountMinor())
        .containsExactly(4L, 1L);
  }

  /**
   * Every page of a filtered history, following each page's next position as the service does: a
   * page may end short of the limit where storage stopped examining.
   */
  protected final List<LedgerEntry> filtered(AccountId id, HistoryFilter filter, int limit) {
    List<LedgerEntry> all = new ArrayList<>();
    HistoryPosition before = null;
    do {
      AccountHistory page = reads().history(id, filter, before, limit + 1).orElseThrow();
      List<LedgerEntry> rows = page.entries();
      all.addAll(rows.subList(0, Math.min(limit, rows.size())));
      before = rows.size() > limit ? HistoryPosition.of(rows.get(limit - 1)) : page.examinedTo();
    } while (before != null);
    return all;
  }

  private List<Long> amounts(List<LedgerEntry> entries) {
    return entries.stream().map(e -> e.amount().amountMinor()).toList();
  }

  private static HistoryFilter type(TransactionType type) {
    return new HistoryFilter(type, null, null, null, null, null, null);
  }

  private static HistoryFilter direction(EntryDirection direction) {
    return new HistoryFilter(null, direction, null, null, null, null, null);
  }

  private static HistoryFilter amounts(Long min, Long max) {
    return new HistoryFilter(null, null, null, null, min, max, null);
  }

  private static HistoryFilter reference(String reference) {
    return new HistoryFilter(null, null, null, null, null, null, reference);
  }

  private static TransactionDetails referenced(String reference) {
    return new TransactionDetails(reference, null, Map.of());
  }

  /** A wallet's history: a deposit of 100, 30 sent, 7 received, a deposit of 5 (newest). */
  private record Booked(AccountId wallet, String depositReference, String orderReference) {}

  private Booked booked() {
    AccountId wallet = open(AccountKind.USER).id();
    AccountId other = open(AccountKind.USER).id();
    Postings post = postings();
    String depositReference = "bank-credit-" + UUID.randomUUID();
    String orderReference = "order-" + UUID.randomUUID();
    post.deposit(wallet, vnd(100), referenced(depositReference));
    post.deposit(other, vnd(50));
    post.transfer(wallet, other, vnd(30), referenced(orderReference));
    post.transfer(other, wallet, vnd(7), referenced(orderReference));
    post.deposit(wallet, vnd(5));
    return new Booked(wallet, depositReference, orderReference);
  }

  @Test
  void eachHistoryFilterAloneShowsExactlyTheEntriesItMatchesNewestFirst() {
    Booked booked = booked();
    AccountId wallet = booked.wallet();

    assertThat(amounts(filtered(wallet, HistoryFilter.NONE, 10)))
        .containsExactly(5L, 7L, -30L, 100L);
    assertThat(amounts(filtered(wallet, type(TransactionType.TRANSFER), 10)))
        .containsExactly(7L, -30L);
    assertThat(amounts(filtered(wallet, type(TransactionType.DEPOSIT), 10)))
        .containsExactly(5L, 100L);
    assertThat(filtered(wallet, type(TransactionType.REVERSAL), 10)).isEmpty();
    assertThat(amounts(filtered(wallet, direction(EntryDirection.OUT), 10))).containsExactly(-30L);
    assertThat(amounts(filtered(wallet, direction(EntryDirection.IN), 10)))
        .containsExactly(5L, 7L, 100L);
    assertThat(amounts(filtered(wallet, amounts(7L, null), 10))).containsExactly(7L, -30L, 100L);
    assertThat(amounts(filtered(wallet, amounts(null, 30L), 10))).containsExactly(5L, 7L, -30L);
    assertThat(amounts(filtered(wallet, amounts(8L, 99L), 10))).containsExactly(-30L);
    assertThat(amounts(filtered(wallet, reference(booked.orderReference()), 10)))
        .containsExactly(7L, -30L);
    assertThat(amounts(filtered(wallet, reference(booked.depositReference()), 10)))
        .containsExactly(100L);
    assertThat(filtered(wallet, reference("nobody-uses-this-" + UUID.randomUUID()), 10)).isEmpty();
  }

  @Test
  void aPeriodFilterKeepsTheEntriesFromItsStartUpToButNotIncludingItsEnd() {
    AccountId wallet = booked().wallet();
    List<LedgerEntry> all = filtered(wallet, HistoryFilter.NONE, 10);
    Instant sent = all.get(2).createdAt();
    Instant newest = all.get(0).createdAt();

    List<LedgerEntry> period =
        filtered(wallet, new HistoryFilter(null, null, sent, newest, null, null, null), 10);
    List<LedgerEntry> fromSent =
        filtered(wallet, new HistoryFilter(null, null, sent, null, null, null, null), 10);
    List<LedgerEntry> beforeSent =
        filtered(wallet, new HistoryFilter(null, null, null, sent, null, null, null), 10);

    assertThat(period)
        .isEqualTo(
            all.stream()
                .filter(e -> !e.createdAt().isBefore(sent) && e.createdAt().isBefore(newest))
                .toList())
        .extracting(e -> e.amount().amountMinor())
        .contains(-30L)
        .doesNotContain(5L, 100L);
    assertThat(amounts(fromSent)).containsExactly(5L, 7L, -30L);
    assertThat(amounts(beforeSent)).containsExactly(100L);
  }

  @Test
  void filtersCombineWithEachOtherAndWithTheCursor() {
    Booked booked = booked();
    AccountId wallet = booked.wallet();
    HistoryFilter receivedForTheOrder =
        new HistoryFilter(
            TransactionType.TRANSFER,
            EntryDirection.IN,
            null,
            null,
            1L,
            10L,
            booked.orderReference());
    HistoryFilter inbound = direction(EntryDirection.IN);

    assertThat(amounts(filtered(wallet, receivedForTheOrder, 10))).containsExactly(7L);
    assertThat(amounts(filtered(wallet, inbound, 1))).containsExactly(5L, 7L, 100L);
    assertThat(amounts(filtered(wallet, amounts(6L, null), 1))).containsExactly(7L, -30L, 100L);
    assertThat(amounts(filtered(wallet, reference(booked.orderReference()), 1)))
        .containsExactly(7L, -30L);
    List<LedgerEntry> newestInbound =
        reads()
            .history(
                wallet,
                inbound,
                HistoryPosition.of(filtered(wallet, HistoryFilter.NONE, 10).get(1)),
                10)
            .orElseThrow()
            .entries();
    assertThat(amounts(newestInbound)).containsExactly(100L);
  }

  @Test
  void aMerchantsFilteredHistoryMergesItsShardsEntries() {
    Account merchant = open(AccountKind.MERCHANT);
    Account first = shardOf(merchant, 0);
    Account second = shardOf(merchant, 1);
    AccountId customer = open(AccountKind.USER).id();
    Postings post = postings();
    post.deposit(customer, vnd(50));
    TransactionId toFirst = post.transferToShard(customer, merchant.id(), first.id(), vnd(10));
    post.deposit(merchant.id(), vnd(20));
    TransactionId toSecond = post.transferToShard(customer, merchant.id(), second.id(), vnd(40));
    post.refund(toSecond, vnd(3));
    post.refund(toFirst, vnd(4));

    assertThat(filtered(merchant.id(), direction(EntryDirection.OUT), 1))
        .extracting(e -> e.amount().amountMinor(), LedgerEntry::accountId)
        .containsExactly(tuple(-4L, first.id()), tuple(-3L, second.id()));
    assertThat(amounts(filtered(merchant.id(), type(TransactionType.TRANSFER), 2)))
        .containsExactly(40L, 10L);
    assertThat(amounts(filtered(merchant.id(), type(TransactionType.DEPOSIT), 2)))
        .containsExactly(20L);
    assertThat(amounts(filtered(merchant.id(), amounts(5L, 30L), 1))).containsExactly(20L, 10L);
  }

  @Test
  void anUnknownAccountIsNotFound() {
    AccountId unknown = AccountId.of(Long.MAX_VALUE - 11);

    assertThat(reads().find(unknown)).isEmpty();
    assertThat(reads().history(unknown, HistoryFilter.NONE, null, 5)).isEmpty();
  }
}
