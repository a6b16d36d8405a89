package dev.ewallet.ledger.domain.movement;

import static dev.ewallet.ledger.domain.DomainValues.VND;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.HoldNotFoundException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.WithdrawalNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** Locked rows over plain maps, for planning movements without any adapter. */
final class Rows implements LockedRows {

  static final Instant AT = Instant.parse("2026-11-30T10:00:00Z");

  private final Map<AccountId, Account> accounts = new HashMap<>();
  private final Map<TransactionId, Hold> holds = new HashMap<>();
  private final Map<TransactionId, Withdrawal> withdrawals = new HashMap<>();
  private final Map<TransactionId, PendingDeposit> pendingDeposits = new HashMap<>();
  private final Map<TransactionId, Undone> undone = new HashMap<>();

  /** An active account of {@code kind} in VND, owned by user {@code id} when it has an owner. */
  static Account account(long id, AccountKind kind, long balanceMinor) {
    return account(id, kind, balanceMinor, VND);
  }

  static Account account(long id, AccountKind kind, long balanceMinor, CurrencyCode currency) {
    return Account.rehydrate(
        id,
        kind.hasOwner() ? id : null,
        currency.value(),
        kind,
        balanceMinor,
        AT.minusSeconds(3600),
        kind == AccountKind.MERCHANT_SHARD ? id / 100 : null,
        null,
        EntryHash.GENESIS,
        AccountStatus.ACTIVE);
  }

  Rows with(Account... locked) {
    for (Account account : locked) {
      accounts.put(account.id(), account);
    }
    return this;
  }

  Rows with(Hold hold) {
    holds.put(hold.id(), hold);
    return this;
  }

  Rows with(Withdrawal withdrawal) {
    withdrawals.put(withdrawal.id(), withdrawal);
    return this;
  }

  Rows with(PendingDeposit pending) {
    pendingDeposits.put(pending.id(), pending);
    return this;
  }

  Rows with(TransactionId original, Undone state) {
    undone.put(original, state);
    return this;
  }

  @Override
  public Account account(AccountId id) {
    Account account = accounts.get(id);
    if (account == null) {
      throw new IllegalStateException("account " + id + " is not locked");
    }
    return account;
  }

  @Override
  public Map<AccountId, Account> accounts() {
    return Map.copyOf(accounts);
  }

  @Override
  public Hold hold(TransactionId id) {
    Hold hold = holds.get(id);
    if (hold == null) {
      throw new HoldNotFoundException(id.toString());
    }
    return hold;
  }

  @Override
  public Withdrawal withdrawal(TransactionId id) {
    Withdrawal withdrawal = withdrawals.get(id);
    if (withdrawal == null) {
      throw new WithdrawalNotFoundException(id.toString());
    }
    return withdrawal;
  }

  @Override
  public PendingDeposit pendingDeposit(TransactionId id) {
    PendingDeposit pending = pendingDeposits.get(id);
    if (pending == null) {
      throw new PendingDepositNotFoundException(id.toString());
    }
    return pending;
  }

  @Override
  public Undone undone(TransactionId original) {
    Undone state = undone.get(original);
    if (state == null) {
      throw new IllegalStateException("no undo state of " + original);
    }
    return state;
  }
}
