package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.AccountEntriesQuery;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.CreateAccountUseCase;
import dev.ewallet.ledger.domain.port.in.EntriesPage;
import dev.ewallet.ledger.domain.port.in.GetAccountQuery;
import dev.ewallet.ledger.domain.port.in.ListAccountsQuery;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HeldFunds;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** Opening accounts and reading them with their history. */
public final class AccountService
    implements CreateAccountUseCase, GetAccountQuery, ListAccountsQuery, AccountEntriesQuery {

  private final AccountRepository accounts;
  private final JournalRepository journal;
  private final HeldFunds heldFunds;
  private final int maxAccountsPerUser;
  private final Clock clock;

  AccountService(
      AccountRepository accounts,
      JournalRepository journal,
      HeldFunds heldFunds,
      int maxAccountsPerUser,
      Clock clock) {
    this.accounts = accounts;
    this.journal = journal;
    this.heldFunds = heldFunds;
    this.maxAccountsPerUser = maxAccountsPerUser;
    this.clock = clock;
  }

  /** A merchant's balance is the sum over its main account and its shards. */
  AccountView view(Account account) {
    Money held = Money.of(heldFunds.heldMinor(account.id()), account.currency());
    if (account.kind() != AccountKind.MERCHANT) {
      return new AccountView(account, account.balance(), held, 0);
    }
    List<Account> shards = accounts.findShards(account.id());
    Money total = account.balance();
    for (Account shard : shards) {
      total = total.plus(shard.balance());
    }
    return new AccountView(account, total, held, shards.size());
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
    if (kind == AccountKind.MERCHANT) {
      addShards(account, 0, command.shards(), now);
    }
    return view(account);
  }

  /** Opens shards {@code from} (inclusive) to {@code to} (exclusive) under the merchant. */
  void addShards(Account merchant, int from, int to, Instant at) {
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
    return view(readable(caller, accountId));
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
    return accounts.findByOwner(owner).stream().map(this::view).toList();
  }

  @Override
  public EntriesPage entries(Caller caller, AccountId accountId, Long beforeEntryId, int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new InvalidRequestException("limit must be 1 to " + MAX_LIMIT + ", got " + limit);
    }
    Account account = readable(caller, accountId);
    List<AccountId> ids = new ArrayList<>(List.of(accountId));
    if (account.kind() == AccountKind.MERCHANT) {
      accounts.findShards(accountId).forEach(shard -> ids.add(shard.id()));
    }
    // One extra row tells whether another page follows without a count query.
    List<LedgerEntry> rows = journal.findEntries(ids, beforeEntryId, limit + 1);
    if (rows.size() <= limit) {
      return new EntriesPage(rows, null);
    }
    List<LedgerEntry> page = rows.subList(0, limit);
    return new EntriesPage(page, page.getLast().entryId());
  }

  private Account readable(Caller caller, AccountId accountId) {
    Account account = WalletRules.existing(accounts, accountId);
    caller.requireOwnerOrOperator(account);
    return account;
  }
}
