package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.monitor.AmountsBesideBalance;
import dev.ewallet.ledger.domain.movement.SuspenseRelease;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CloseAccountCommand;
import dev.ewallet.ledger.domain.port.in.CloseAccountUseCase;
import dev.ewallet.ledger.domain.port.in.DormantWalletsQuery;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsCommand;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsUseCase;
import dev.ewallet.ledger.domain.port.in.ReactivateAccountCommand;
import dev.ewallet.ledger.domain.port.in.ReactivateAccountUseCase;
import dev.ewallet.ledger.domain.port.in.ReopenAccountCommand;
import dev.ewallet.ledger.domain.port.in.ReopenAccountUseCase;
import dev.ewallet.ledger.domain.port.in.SuspenseItemsQuery;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BalanceMonitorRepository;
import dev.ewallet.ledger.domain.port.out.LedgerEventOutbox;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The end of a wallet's life and its sleep: closing and reopening, what is kept in suspense
 * meanwhile, dormancy and reactivation. The rules are the domain's: which wallet may close ({@code
 * Account.closed}), what a closed or dormant wallet refuses (the journal), where money arriving for
 * a closed one goes ({@code ClosedWalletCredits}, applied by the one posting path), what counts as
 * its owner's activity ({@code TransactionType.showsOwnerActivity}). This locks and stores.
 */
public final class WalletLifecycleService
    implements CloseAccountUseCase,
        ReopenAccountUseCase,
        SuspenseItemsQuery,
        MarkDormantWalletsUseCase,
        ReactivateAccountUseCase,
        DormantWalletsQuery {

  private static final Set<TransactionType> OWNER_DEBITS = activity(true);
  private static final Set<TransactionType> OWNER_CREDITS = activity(false);

  private final AccountRepository accounts;
  private final BalanceMonitorRepository monitors;
  private final WalletStatuses statuses;
  private final AccountService views;
  private final PostingStrategy posting;
  private final LedgerEventOutbox outbox;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  public WalletLifecycleService(
      AccountRepository accounts,
      BalanceMonitorRepository monitors,
      LedgerEventOutbox outbox,
      AccountService views,
      PostingStrategy posting,
      UnitOfWork unitOfWork,
      Clock clock) {
    this.accounts = accounts;
    this.monitors = monitors;
    this.statuses = new WalletStatuses(accounts, outbox, unitOfWork, clock);
    this.views = views;
    this.posting = posting;
    this.outbox = outbox;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  private static Set<TransactionType> activity(boolean debit) {
    Set<TransactionType> types = EnumSet.noneOf(TransactionType.class);
    for (TransactionType type : TransactionType.values()) {
      if (type.showsOwnerActivity(debit)) {
        types.add(type);
      }
    }
    return types;
  }

  @Override
  public AccountView close(CloseAccountCommand command) {
    Caller caller = command.caller();
    Account wallet = accounts.existing(command.accountId());
    caller.requireOwnerOrOperator(wallet);
    statuses.change(
        wallet,
        caller.principalId(),
        command.reason(),
        (locked, shards) -> {
          if (locked.status() == AccountStatus.CLOSED) {
            return null;
          }
          long shardsMinor = 0;
          for (Account shard : shards) {
            shardsMinor = Math.addExact(shardsMinor, shard.balance().amountMinor());
          }
          // Read with the wallet locked: a hold or a withdrawal moves its money under that lock.
          AmountsBesideBalance beside =
              monitors.amountsBesideBalance(List.of(locked.id())).get(locked.id());
          return locked
              .closed(
                  shardsMinor,
                  beside == null ? 0 : beside.heldAmount().amountMinor(),
                  beside == null ? 0 : beside.pendingIn().amountMinor(),
                  caller.operator())
              .status();
        });
    return views.view(wallet.id());
  }

  @Override
  public AccountView reopen(ReopenAccountCommand command) {
    Caller caller = command.caller();
    caller.requireOperator();
    Account wallet = accounts.existing(command.accountId());
    statuses.change(
        wallet,
        caller.principalId(),
        command.reason(),
        (locked, shards) -> locked.status() == AccountStatus.CLOSED ? AccountStatus.ACTIVE : null);
    List<SuspenseItem> kept = accounts.keptInSuspense(wallet.id());
    if (!kept.isEmpty()) {
      release(wallet, kept);
    }
    return views.view(wallet.id());
  }

  /**
   * One release of everything kept for the wallet, under a key made of the items: two operators
   * reopening it at once post one release (the second replays it, or finds the items released).
   */
  private void release(Account wallet, List<SuspenseItem> kept) {
    List<String> items = kept.stream().map(item -> item.transactionId().toString()).toList();
    RequestFingerprint fingerprint =
        RequestFingerprint.of("SUSPENSE_RELEASE", wallet.id(), String.join(",", items));
    IdempotencyKey key = IdempotencyKey.of("suspense-release:" + fingerprint.sha256Hex());
    SuspenseRelease release =
        new SuspenseRelease(
            wallet.id(), accounts.systemAccountServing(wallet, AccountKind.SUSPENSE), kept);
    posting.post(new PostingRequest(Caller.system(), key, fingerprint, release)).receiptOrThrow();
  }

  @Override
  public List<SuspenseItem> suspenseItems(
      Caller caller, CurrencyCode currency, boolean keptOnly, int limit) {
    caller.requireOperator();
    if (limit < 1 || limit > 1_000) {
      throw new IllegalArgumentException("limit is 1 to 1,000, not " + limit);
    }
    return accounts.suspenseItems(currency, keptOnly, limit);
  }

  @Override
  public int markDormant(MarkDormantWalletsCommand command) {
    Instant at = clock.instant().truncatedTo(ChronoUnit.MICROS);
    String reason = "no activity of its owner since " + command.inactiveSince();
    long changedBy = Caller.system().principalId();
    return Attempts.inTransaction(
        unitOfWork,
        () -> {
          List<AccountId> dormant =
              accounts.markDormant(
                  command.fromId(),
                  command.toId(),
                  command.inactiveSince(),
                  OWNER_DEBITS,
                  OWNER_CREDITS,
                  reason,
                  changedBy,
                  at);
          outbox.appendStatusChanges(
              dormant.stream()
                  .map(id ->
                      new AccountStatusChanged(
                          UUID.randomUUID(),
                          id,
                          AccountStatus.ACTIVE,
                          AccountStatus.DORMANT,
                          reason,
                          changedBy,
                          at))
                  .toList());
          return dormant.size();
        });
  }

  @Override
  public AccountView reactivate(ReactivateAccountCommand command) {
    Caller caller = command.caller();
    Account wallet = accounts.existing(command.accountId());
    caller.requireOwnerOrOperator(wallet);
    statuses.change(
        wallet, caller.principalId(), "reactivated", (locked, shards) -> locked.reactivated());
    return views.view(wallet.id());
  }

  @Override
  public void dormantWallets(Caller caller, CurrencyCode currency, Consumer<DormantWallet> sink) {
    caller.requireOperator();
    accounts.dormantWallets(currency, sink);
  }
}
