package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.USD;
import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.TooManyAccountsException;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.OutgoingAllowance;
import dev.ewallet.ledger.domain.limits.OutgoingUsage;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.AccountUpdate;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.StatusChange;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link AccountRepository} must do, run against the in-memory fake and the JPA adapter
 * alike. Each test opens its own accounts for a fresh owner, so a shared database is fine.
 */
public abstract class AccountRepositoryContract {

  protected abstract AccountRepository accounts();

  protected abstract UnitOfWork unitOfWork();

  protected Account openWallet(UserId owner) {
    return accounts()
        .create(
            new NewAccount(
                owner, VND, AccountKind.USER, Instant.now().truncatedTo(ChronoUnit.MICROS)));
  }

  @Test
  void aWalletsOwnLimitsAndItsUsageOfADayAndItsMonthAreStoredApart() {
    Account wallet = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    Account other = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    LocalDate day = LocalDate.of(2026, 12, 15);
    List<AccountId> both = List.of(wallet.id(), other.id());

    Map<AccountId, OutgoingUsage> before =
        unitOfWork().inTransaction(() -> accounts().outgoing(both, day));
    unitOfWork()
        .inTransaction(() -> {
          accounts().lockForUpdate(new TreeSet<>(both));
          accounts().setOutgoingLimits(wallet.id(), 10_000L, null, 1, now());
          accounts()
              .recordOutgoing(
                  Map.of(wallet.id(), new OutgoingAllowance(10_000L, 700, null, 1_700)), day);
          return null;
        });

    assertThat(before).isEmpty();
    assertThat(unitOfWork().inTransaction(() -> accounts().outgoing(both, day)))
        .containsExactly(Map.entry(wallet.id(), new OutgoingUsage(10_000L, null, 700, 1_700)));
    // The next day of the same month starts at nothing used that day.
    assertThat(unitOfWork().inTransaction(() -> accounts().outgoing(both, day.plusDays(1))))
        .containsExactly(Map.entry(wallet.id(), new OutgoingUsage(10_000L, null, 0, 1_700)));
  }

  private void setStatus(Account wallet, AccountStatus status) {
    unitOfWork()
        .inTransaction(() -> {
          accounts().lockForUpdate(new TreeSet<>(List.of(wallet.id())));
          accounts().changeStatus(new StatusChange(wallet.id(), status, "contract", 1, now()));
          return null;
        });
  }

  @Test
  void closedWalletsDoNotCountAgainstTheLimitOfAnOwner() {
    UserId owner = UserId.of(LedgerFixtures.freshUserId());
    NewAccount another = new NewAccount(owner, VND, AccountKind.USER, now());
    Account first = accounts().createForOwner(another, 1);
    assertThatThrownBy(() -> accounts().createForOwner(another, 1))
        .isInstanceOf(TooManyAccountsException.class);

    setStatus(first, AccountStatus.CLOSED);

    assertThat(accounts().createForOwner(another, 1).owner()).isEqualTo(owner);
  }

  @Test
  void idleActiveUserWalletsOpenedBeforeTheCutOffTurnDormantOnceAndAreReported() {
    Account idle = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    Account frozen = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    setStatus(frozen, AccountStatus.FROZEN_ALL);
    Instant cutOff = now().plusSeconds(1);
    Account later =
        accounts()
            .create(
                new NewAccount(
                    UserId.of(LedgerFixtures.freshUserId()),
                    VND,
                    AccountKind.USER,
                    cutOff.plusSeconds(1)));
    long from = idle.id().value();
    long to = later.id().value();
    Set<TransactionType> debits = EnumSet.of(TransactionType.TRANSFER);
    Set<TransactionType> credits = EnumSet.of(TransactionType.DEPOSIT);

    List<AccountId> dormant =
        unitOfWork()
            .inTransaction(
                () -> accounts().markDormant(from, to, cutOff, debits, credits, "idle", 0, now()));
    List<AccountId> again =
        unitOfWork()
            .inTransaction(
                () -> accounts().markDormant(from, to, cutOff, debits, credits, "idle", 0, now()));

    assertThat(dormant).containsExactly(idle.id());
    assertThat(again).isEmpty();
    assertThat(accounts().existing(idle.id()).status()).isEqualTo(AccountStatus.DORMANT);
    assertThat(accounts().existing(frozen.id()).status()).isEqualTo(AccountStatus.FROZEN_ALL);
    assertThat(accounts().maxAccountId()).isGreaterThanOrEqualTo(to);
    List<DormantWallet> reported = new ArrayList<>();
    accounts().dormantWallets(VND, reported::add);
    assertThat(reported)
        .filteredOn(w -> w.accountId().equals(idle.id()))
        .singleElement()
        .satisfies(w -> assertThat(w.owner()).isEqualTo(idle.owner()));
  }

  @Test
  void anOpenedAccountStartsAtZeroAndIsFoundById() {
    UserId owner = UserId.of(LedgerFixtures.freshUserId());
    Account first = openWallet(owner);
    Account second = openWallet(owner);

    assertThat(first.balance()).isEqualTo(vnd(0));
    assertThat(accounts().findById(first.id())).contains(first);
    assertThat(accounts().findById(second.id())).contains(second);
  }

  @Test
  void anOwnerGetsNoMoreAccountsThanTheMaximumEvenWhenOpeningThemConcurrently() throws Exception {
    UserId owner = UserId.of(LedgerFixtures.freshUserId());
    NewAccount wallet =
        new NewAccount(owner, VND, AccountKind.USER, Instant.now().truncatedTo(ChronoUnit.MICROS));
    List<java.util.concurrent.Callable<Boolean>> openings =
        java.util.stream.IntStream.range(0, 12)
            .<java.util.concurrent.Callable<Boolean>>mapToObj(i ->
                () -> {
                  try {
                    accounts().createForOwner(wallet, 5);
                    return true;
                  } catch (TooManyAccountsException full) {
                    return false;
                  }
                })
            .toList();

    long opened;
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(6)) {
      opened = pool.invokeAll(openings).stream().filter(f -> f.resultNow()).count();
    }

    assertThat(opened).isEqualTo(5);
    assertThatThrownBy(() -> accounts().createForOwner(wallet, 5))
        .isInstanceOf(TooManyAccountsException.class);
  }

  @Test
  void anUnknownAccountIsNotFound() {
    assertThat(accounts().findById(AccountId.of(Long.MAX_VALUE - 7))).isEmpty();
  }

  @Test
  void theSystemAccountOfAKindAndCurrencyIsOpenedOnceAndMayGoNegative() {
    AccountId clearing = accounts().systemAccount(AccountKind.BANK_CLEARING, USD);

    assertThat(accounts().systemAccount(AccountKind.BANK_CLEARING, USD)).isEqualTo(clearing);
    Account account = accounts().findById(clearing).orElseThrow();
    assertThat(account.owner()).isNull();
    assertThat(account.kind().allowsNegative()).isTrue();
    assertThat(accounts().systemAccount(AccountKind.BANK_CLEARING, VND)).isNotEqualTo(clearing);
  }

  @Test
  void aSystemAccountsShardsAreOpenedWithItAndCountedButAreNoMerchantsShards() {
    AccountId hold = accounts().systemAccount(AccountKind.HOLD, USD);
    List<AccountId> shards = accounts().systemShards(hold);

    assertThat(shards).isNotEmpty().doesNotContain(hold);
    for (AccountId id : shards) {
      Account shard = accounts().existing(id);
      assertThat(shard.kind()).isEqualTo(AccountKind.HOLD);
      assertThat(shard.currency()).isEqualTo(USD);
      assertThat(shard.owner()).isNull();
      assertThat(shard.parent()).isEqualTo(hold);
    }
    assertThat(accounts().systemAccount(AccountKind.HOLD, USD))
        .as("a shard is never taken for the main account")
        .isEqualTo(hold);
    assertThat(accounts().creditTargets(hold)).isEmpty();
    assertThat(accounts().shardedMerchants()).doesNotContain(hold);
    assertThat(accounts().shardedRows())
        .filteredOn(rows -> rows.kind() == AccountKind.HOLD && rows.currency().equals(USD))
        .singleElement()
        .satisfies(rows -> assertThat(rows.shards()).isEqualTo(shards.size()));
  }

  @Test
  void lockingReturnsTheAccountsInAscendingIdOrderAndOmitsUnknownIds() {
    UserId owner = UserId.of(LedgerFixtures.freshUserId());
    Account a = openWallet(owner);
    Account b = openWallet(owner);
    AccountId unknown = AccountId.of(Long.MAX_VALUE - 3);

    List<Account> locked =
        unitOfWork()
            .inTransaction(
                () -> accounts().lockForUpdate(new TreeSet<>(List.of(unknown, b.id(), a.id()))));

    assertThat(locked).extracting(Account::id).containsExactly(a.id(), b.id());
  }

  private static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * Locks the wallet and the clearing account and moves {@code amountMinor} from the one to the
   * other, each update extending its account's chain from its end as locked: the input the posting
   * path hands this port for one transaction. Runs in the caller's unit of work.
   */
  private List<BalanceChange> credit(
      AccountId wallet, AccountId clearing, long amountMinor, Instant at) {
    UUID transaction = UUID.randomUUID();
    List<AccountUpdate> updates =
        accounts().lockForUpdate(new TreeSet<>(List.of(wallet, clearing))).stream()
            .map(account -> {
              Money amount = vnd(account.id().equals(wallet) ? amountMinor : -amountMinor);
              EntryHash end = account.lastHash();
              return new AccountUpdate(
                  account.id(),
                  amount,
                  end,
                  end.next(transaction, account.id(), amount, account.balance().plus(amount), at));
            })
            .toList();
    return accounts().applyPostings(updates, at);
  }

  @Test
  void appliedPostingsReturnTheBalancesAndChainEndsAfterInPostingOrder() {
    UserId owner = UserId.of(LedgerFixtures.freshUserId());
    Account wallet = openWallet(owner);
    AccountId clearing = accounts().systemAccount(AccountKind.BANK_CLEARING, VND);
    Account clearingBefore = accounts().findById(clearing).orElseThrow();
    EntryHash walletEnd =
        EntryHash.GENESIS.next(UUID.randomUUID(), wallet.id(), vnd(700), vnd(700), now());
    EntryHash clearingEnd =
        clearingBefore.lastHash().next(UUID.randomUUID(), clearing, vnd(-700), vnd(0), now());

    List<BalanceChange> changes =
        unitOfWork()
            .inTransaction(() -> {
              accounts().lockForUpdate(new TreeSet<>(List.of(wallet.id(), clearing)));
              return accounts()
                  .applyPostings(
                      List.of(
                          new AccountUpdate(wallet.id(), vnd(700), EntryHash.GENESIS, walletEnd),
                          new AccountUpdate(
                              clearing, vnd(-700), clearingBefore.lastHash(), clearingEnd)),
                      now());
            });

    assertThat(changes)
        .containsExactly(
            new BalanceChange(wallet.id(), vnd(700), vnd(700), walletEnd),
            new BalanceChange(
                clearing,
                vnd(-700),
                vnd(clearingBefore.balance().amountMinor() - 700),
                clearingEnd));
    Account after = accounts().findById(wallet.id()).orElseThrow();
    assertThat(after.balance()).isEqualTo(vnd(700));
    assertThat(after.lastHash()).isEqualTo(walletEnd);
  }

  @Test
  void storageRefusesToForkAnAccountsHashChain() {
    Account wallet = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    AccountId clearing = accounts().systemAccount(AccountKind.BANK_CLEARING, VND);
    unitOfWork().inTransaction(() -> credit(wallet.id(), clearing, 50, now()));
    EntryHash end = accounts().findById(wallet.id()).orElseThrow().lastHash();
    EntryHash stale = EntryHash.GENESIS;
    EntryHash elsewhere = stale.next(UUID.randomUUID(), wallet.id(), vnd(-5), vnd(45), now());

    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> {
                  accounts().lockForUpdate(new TreeSet<>(List.of(wallet.id(), clearing)));
                  return accounts()
                      .applyPostings(
                          List.of(new AccountUpdate(wallet.id(), vnd(-5), stale, elsewhere)),
                          now());
                }))
        .hasMessageContaining("hash chain");

    Account after = accounts().findById(wallet.id()).orElseThrow();
    assertThat(after.lastHash()).isEqualTo(end);
    assertThat(after.balance()).isEqualTo(vnd(50));
  }

  @Test
  void aFailedUnitOfWorkLeavesBalancesAsTheyWere() {
    Account wallet = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    AccountId clearing = accounts().systemAccount(AccountKind.BANK_CLEARING, VND);

    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> {
                  credit(wallet.id(), clearing, 5, now());
                  throw new IllegalStateException("boom");
                }))
        .hasMessage("boom");

    assertThat(accounts().findById(wallet.id()).orElseThrow().balance()).isEqualTo(vnd(0));
  }

  @Test
  void storageRecordsTheNewestEntryTimeAndRefusesAnEarlierOne() {
    Account wallet = openWallet(UserId.of(LedgerFixtures.freshUserId()));
    AccountId clearing = accounts().systemAccount(AccountKind.BANK_CLEARING, VND);
    Instant posted = Instant.now().truncatedTo(ChronoUnit.MICROS);
    unitOfWork().inTransaction(() -> credit(wallet.id(), clearing, 9, posted));
    assertThat(accounts().findById(wallet.id()).orElseThrow().lastEntryAt()).isEqualTo(posted);

    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> credit(wallet.id(), clearing, -4, posted.minusMillis(1))))
        .hasMessageContaining("later than");
    assertThat(accounts().findById(wallet.id()).orElseThrow().balance()).isEqualTo(vnd(9));
  }

  @Test
  void aMerchantsShardsAreItsCreditTargets() {
    UserId owner = UserId.of(LedgerFixtures.freshUserId());
    Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    Account merchant = accounts().create(new NewAccount(owner, VND, AccountKind.MERCHANT, now));
    Account second =
        accounts()
            .create(new NewAccount(owner, VND, AccountKind.MERCHANT_SHARD, now, merchant.id(), 1));
    Account first =
        accounts()
            .create(new NewAccount(owner, VND, AccountKind.MERCHANT_SHARD, now, merchant.id(), 0));

    assertThat(accounts().findShards(merchant.id()))
        .extracting(Account::id)
        .containsExactly(second.id(), first.id());
    assertThat(first.parent()).isEqualTo(merchant.id());
    assertThat(accounts().creditTargets(merchant.id()))
        .containsExactlyInAnyOrder(first.id(), second.id());
    assertThat(accounts().shardedMerchants()).contains(merchant.id());
    assertThat(accounts().shardedRows())
        .filteredOn(rows -> rows.kind() == AccountKind.MERCHANT && rows.currency().equals(VND))
        .singleElement()
        .satisfies(rows -> assertThat(rows.shards()).isGreaterThanOrEqualTo(2));
    Account wallet = openWallet(owner);
    assertThat(accounts().creditTargets(wallet.id())).isEmpty();
    assertThat(accounts().findShards(wallet.id())).isEmpty();
  }
}
