package dev.ewallet.ledger.application.hotaccounts;

import dev.ewallet.ledger.application.OperatorPages;
import dev.ewallet.ledger.application.flows.AccountService;
import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.application.posting.HotRowMeter;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.ShardedRows;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.hotaccount.HotRow;
import dev.ewallet.ledger.domain.hotaccount.PostingRate;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.HotAccounts;
import dev.ewallet.ledger.domain.port.in.HotAccountsQuery;
import dev.ewallet.ledger.domain.port.in.SetSplittingPolicyCommand;
import dev.ewallet.ledger.domain.port.in.SetSplittingPolicyUseCase;
import dev.ewallet.ledger.domain.port.in.ShardedRowsQuery;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsCommand;
import dev.ewallet.ledger.domain.port.in.SplitHotAccountsUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * Hot merchants found and split by the ledger itself: the posting path measures each merchant row
 * ({@link HotRowMeter}), a job asks {@link HotAccountRule} what to do about the rows over its
 * threshold and opens the shards, and operators forbid or pin splitting per merchant. A split is
 * online: credits routed to the main account before it still land there, new ones spread over the
 * shards, payouts still debit the main account, and the sweep gathers the shards into it.
 */
public final class HotAccountService
    implements SplitHotAccountsUseCase,
        SetSplittingPolicyUseCase,
        HotAccountsQuery,
        ShardedRowsQuery {

  /** How many of the busiest rows operators see. */
  static final int HOTTEST = 10;

  private final AccountRepository accounts;
  private final AccountService accountViews;
  private final HotAccountStore store;
  private final HotRowMeter meter;
  private final HotAccountRule rule;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  public HotAccountService(
      AccountRepository accounts,
      AccountService accountViews,
      HotAccountStore store,
      HotRowMeter meter,
      HotAccountRule rule,
      UnitOfWork unitOfWork,
      Clock clock) {
    this.accounts = accounts;
    this.accountViews = accountViews;
    this.store = store;
    this.meter = meter;
    this.rule = rule;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  @Override
  public List<HotAccountDecision> splitHot(SplitHotAccountsCommand command) {
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    List<HotAccountDecision> made = new ArrayList<>();
    Set<AccountId> looked = new HashSet<>();
    for (PostingRate rate : meter.atLeast(rule.postingsPerSecond())) {
      if (made.size() >= command.maxSplits()) {
        break;
      }
      Optional<Account> row = accounts.findById(rate.accountId());
      if (row.isEmpty() || !row.get().kind().splits()) {
        continue;
      }
      AccountId merchant =
          row.get().kind() == AccountKind.MERCHANT ? row.get().id() : row.get().parent();
      if (looked.add(merchant)) {
        Attempts.inTransaction(unitOfWork, () -> split(rate, row.get(), merchant, now))
            .ifPresent(made::add);
      }
    }
    return made;
  }

  /** Decides with the merchant's row locked, so that two instances never split it twice. */
  private Optional<HotAccountDecision> split(
      PostingRate rate, Account row, AccountId merchant, Instant now) {
    Account locked = accounts.lockForUpdate(new TreeSet<>(List.of(merchant))).getFirst();
    List<Account> shards = accounts.findShards(merchant);
    HotRow hot =
        new HotRow(
            rate,
            row,
            merchant,
            shards.size(),
            shards.stream().map(Account::createdAt).max(Comparator.naturalOrder()).orElse(null),
            store.policy(merchant).orElse(SplittingPolicy.AUTOMATIC));
    OptionalInt target = rule.shardsFor(hot, now);
    if (target.isEmpty()) {
      return Optional.empty();
    }
    accountViews.addShards(locked, shards.size(), target.getAsInt(), now);
    return Optional.of(
        store.append(
            HotAccountDecision.split(hot, target.getAsInt(), rule.postingsPerSecond(), now)));
  }

  @Override
  public HotAccountDecision setSplittingPolicy(SetSplittingPolicyCommand command) {
    command.caller().requireOperator();
    Account merchant = accounts.existing(command.merchantId());
    if (merchant.kind() != AccountKind.MERCHANT) {
      throw new InvalidRequestException(
          "account "
              + merchant.id()
              + " is no merchant: only merchants are split, never a user's wallet");
    }
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    return Attempts.inTransaction(
        unitOfWork,
        () -> {
          Account locked = accounts.lockForUpdate(new TreeSet<>(List.of(merchant.id()))).getFirst();
          int before = accounts.findShards(merchant.id()).size();
          int after = command.shards() == null ? before : command.shards();
          if (after < before) {
            throw new InvalidRequestException(
                "merchant "
                    + merchant.id()
                    + " has "
                    + before
                    + " shards; shards are never removed");
          }
          accountViews.addShards(locked, before, after, now);
          store.setPolicy(merchant.id(), command.policy());
          return store.append(
              HotAccountDecision.byOperator(
                  merchant.id(),
                  command.policy(),
                  before,
                  after,
                  command.caller().principalId(),
                  now));
        });
  }

  @Override
  public List<ShardedRows> shardedRows() {
    return accounts.shardedRows();
  }

  @Override
  public HotAccounts hotAccounts(Caller caller, Long before, int limit) {
    OperatorPages.require(caller, limit);
    return new HotAccounts(rule, meter.hottest(HOTTEST), store.decisions(before, limit));
  }
}
