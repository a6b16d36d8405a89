package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.StatementTooLargeException;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.port.in.AccountEntriesQuery;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.BalanceAt;
import dev.ewallet.ledger.domain.port.in.BalanceAtQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.CreateAccountUseCase;
import dev.ewallet.ledger.domain.port.in.EntriesPage;
import dev.ewallet.ledger.domain.port.in.GetAccountQuery;
import dev.ewallet.ledger.domain.port.in.ListAccountsQuery;
import dev.ewallet.ledger.domain.port.in.Statement;
import dev.ewallet.ledger.domain.port.in.StatementEntriesQuery;
import dev.ewallet.ledger.domain.port.in.StatementQuery;
import dev.ewallet.ledger.domain.port.in.StatementTotalsQuery;
import dev.ewallet.ledger.domain.port.out.AccountHistory;
import dev.ewallet.ledger.domain.port.out.AccountReads;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Opening accounts and reading them with their history. Reads go through {@link AccountReads}: one
 * reading per request, and the caller's right to see the account is checked on that same reading.
 */
public final class AccountService
    implements CreateAccountUseCase,
        GetAccountQuery,
        ListAccountsQuery,
        AccountEntriesQuery,
        BalanceAtQuery,
        StatementQuery,
        StatementTotalsQuery,
        StatementEntriesQuery {

  private final AccountRepository accounts;
  private final AccountReads reads;
  private final int maxAccountsPerUser;
  private final Clock clock;

  public AccountService(
      AccountRepository accounts, AccountReads reads, int maxAccountsPerUser, Clock clock) {
    this.accounts = accounts;
    this.reads = reads;
    this.maxAccountsPerUser = maxAccountsPerUser;
    this.clock = clock;
  }

  /** The account as it stands now; the caller's right to it is checked by the caller. */
  AccountView view(AccountId id) {
    return reads.find(id).orElseThrow(() -> notFound(id));
  }

  private static AccountNotFoundException notFound(AccountId id) {
    return new AccountNotFoundException(id.value());
  }

  @Override
  public AccountView create(CreateAccountCommand command) {
    Caller caller = command.caller();
    UserId owner = command.ownerId() == null ? caller.user() : command.ownerId();
    AccountKind kind = command.kind() == null ? AccountKind.USER : command.kind();
    if (owner == null) {
      throw new InvalidRequestException("ownerId is required");
    }
    if (!caller.operator() && (!owner.equals(caller.user()) || kind != AccountKind.USER)) {
      throw new AccessDeniedException("only operators may open accounts for others or of a kind");
    }
    if (kind != AccountKind.USER && kind != AccountKind.MERCHANT) {
      throw new InvalidRequestException(
          "kind " + kind + " cannot be opened here: the ledger opens its system accounts itself");
    }
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    // Every user, operators' customers included, holds a bounded number of accounts.
    Account account =
        accounts.createForOwner(
            new NewAccount(owner, command.currency(), kind, now), maxAccountsPerUser);
    if (command.shards() != null) {
      addShards(account, 0, command.shards(), now);
    }
    return view(account.id());
  }

  /** Opens shards {@code from} (inclusive) to {@code to} (exclusive) under the merchant. */
  public void addShards(Account merchant, int from, int to, Instant at) {
    for (int shardNo = from; shardNo < to; shardNo++) {
      accounts.create(
          new NewAccount(
              merchant.owner(),
              merchant.currency(),
              AccountKind.MERCHANT_SHARD,
              at,
              merchant.id(),
              shardNo));
    }
  }

  @Override
  public AccountView get(Caller caller, AccountId accountId) {
    AccountView view = view(accountId);
    caller.requireOwnerOrOperator(view.account());
    return view;
  }

  @Override
  public List<AccountView> list(Caller caller, UserId ownerId) {
    UserId owner = ownerId == null ? caller.user() : ownerId;
    if (owner == null) {
      throw new InvalidRequestException("ownerId is required");
    }
    if (!caller.operator() && !owner.equals(caller.user())) {
      throw new AccessDeniedException("only operators may list another owner's accounts");
    }
    return reads.findByOwner(owner);
  }

  @Override
  public EntriesPage entries(
      Caller caller, AccountId accountId, HistoryFilter filter, HistoryPosition before, int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new InvalidRequestException("limit must be 1 to " + MAX_LIMIT + ", got " + limit);
    }
    // One extra row tells whether another page follows without a count query.
    AccountHistory history =
        reads.history(accountId, filter, before, limit + 1).orElseThrow(() -> notFound(accountId));
    caller.requireOwnerOrOperator(history.account());
    List<LedgerEntry> rows = history.entries();
    if (rows.size() > limit) {
      List<LedgerEntry> page = rows.subList(0, limit);
      return new EntriesPage(page, HistoryPosition.of(page.getLast()));
    }
    // Storage stopped examining before it found a full page: the next page resumes there.
    return new EntriesPage(rows, history.examinedTo());
  }

  @Override
  public BalanceAt balanceAt(Caller caller, AccountId accountId, Instant at) {
    if (at == null) {
      throw new InvalidRequestException("at is required");
    }
    AccountReads.Snapshot snapshot =
        reads.balanceAt(accountId, at).orElseThrow(() -> notFound(accountId));
    caller.requireOwnerOrOperator(snapshot.balance().account());
    if (snapshot.archived()) {
      throw new InvalidRequestException(
          "the account's entries up to " + at + " are archived; ask an operator for the archive");
    }
    return snapshot.balance();
  }

  @Override
  public Statement statement(Caller caller, AccountId accountId, Instant from, Instant to) {
    Statement totals = totals(caller, accountId, from, to);
    if (totals.entryCount() > MAX_ENTRIES) {
      throw new StatementTooLargeException(totals.entryCount(), MAX_ENTRIES);
    }
    List<LedgerEntry> entries = new ArrayList<>((int) totals.entryCount());
    reads.periodEntries(accountId, from, to, entries::add);
    return new Statement(
        totals.account(),
        from,
        to,
        totals.opening(),
        totals.totalCredits(),
        totals.totalDebits(),
        totals.entryCount(),
        totals.openingHash(),
        totals.closingHash(),
        entries);
  }

  @Override
  public Statement totals(Caller caller, AccountId accountId, Instant from, Instant to) {
    requirePeriod(from, to);
    AccountReads.PeriodTotals totals =
        reads.periodTotals(accountId, from, to).orElseThrow(() -> notFound(accountId));
    caller.requireOwnerOrOperator(totals.statement().account());
    if (totals.archived()) {
      throw new InvalidRequestException(
          "the account's entries before "
              + from
              + " are archived; ask an operator for the archive");
    }
    return totals.statement();
  }

  /** Checks the period and the caller's right, not the totals: callers ask those first. */
  @Override
  public void streamEntries(
      Caller caller, AccountId accountId, Instant from, Instant to, Consumer<LedgerEntry> sink) {
    requirePeriod(from, to);
    caller.requireOwnerOrOperator(view(accountId).account());
    reads.periodEntries(accountId, from, to, sink);
  }

  private static void requirePeriod(Instant from, Instant to) {
    if (from == null || to == null) {
      throw new InvalidRequestException("from and to are required");
    }
    if (!from.isBefore(to)) {
      throw new InvalidRequestException("from must be before to");
    }
  }
}
