package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.LineDecision;
import dev.ewallet.ledger.domain.bank.LineDecision.BookDeposit;
import dev.ewallet.ledger.domain.bank.LineDecision.CompleteWithdrawal;
import dev.ewallet.ledger.domain.bank.LineDecision.FailWithdrawal;
import dev.ewallet.ledger.domain.bank.LineDecision.SettleDeposit;
import dev.ewallet.ledger.domain.bank.LineDecision.Unmatched;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementMatching;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bank.StoredStatement;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.StatementConflictException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsCommand;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsUseCase;
import dev.ewallet.ledger.domain.port.in.SafeguardingQuery;
import dev.ewallet.ledger.domain.port.in.StatementImport;
import dev.ewallet.ledger.domain.port.in.StatementImport.Outcome;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.BankStatementReader;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Imports bank statements and settles what their lines match (docs/bank-reconciliation.md).
 *
 * <p>A file is read, and every statement in it checked, before anything is stored: each must be for
 * a configured safeguarding account in its currency, and one imported before must have the same
 * content (then it is not stored again). The new statements are stored with their lines in one
 * transaction. Then {@link StatementMatching} decides each line not yet resolved, and each
 * settlement is posted through the withdrawal's or deposit's own use case, as the system (the
 * bank's answer), under an idempotency key of the withdrawal and outcome, or of the booking ({@link
 * BankSettlements}): a statement imported again, or a notification followed by the day's statement
 * reporting the same booking, posts nothing twice. A settlement the ledger refuses (the withdrawal
 * was settled otherwise) leaves its line unmatched, with the refusal as its reason. A process that
 * stops between a settlement and its line's resolution leaves the line unmatched; importing the
 * file again replays the settlement and resolves it.
 */
public final class BankStatementService implements ImportBankStatementsUseCase {

  private static final System.Logger LOG = System.getLogger(BankStatementService.class.getName());

  private static final String BY_END_TO_END_ID = "END_TO_END_ID";
  private static final String BY_REFERENCE = "REFERENCE";
  private static final String BY_AMOUNT_AND_DATE = "AMOUNT_AND_DATE";
  private static final String BY_WALLET_REFERENCE = "WALLET_REFERENCE";

  private final BankStatementReader reader;
  private final BankStatementStore store;
  private final UnitOfWork unitOfWork;
  private final WithdrawalRepository withdrawals;
  private final PendingDepositRepository deposits;
  private final AccountRepository wallets;
  private final BankSettlements settlements;
  private final Map<String, SafeguardingAccount> accounts = new HashMap<>();
  private final SafeguardingQuery safeguarding;
  private final int matchWindowDays;
  private final Clock clock;

  /**
   * @param safeguarding checked after each import that stores an end-of-day statement, for its
   *     currency
   * @param matchWindowDays how many days a credit's value date may be from a pending deposit's
   *     announcement, or a debit's after a payout was sent, for the amount rules to match them
   *     ({@link StatementMatching})
   */
  public BankStatementService(
      BankStatementReader reader,
      BankStatementStore store,
      UnitOfWork unitOfWork,
      WithdrawalRepository withdrawals,
      PendingDepositRepository deposits,
      AccountRepository wallets,
      BankSettlements settlements,
      List<SafeguardingAccount> accounts,
      SafeguardingQuery safeguarding,
      int matchWindowDays,
      Clock clock) {
    this.reader = reader;
    this.store = store;
    this.unitOfWork = unitOfWork;
    this.withdrawals = withdrawals;
    this.deposits = deposits;
    this.wallets = wallets;
    this.settlements = settlements;
    this.safeguarding = safeguarding;
    if (matchWindowDays < 0) {
      throw new IllegalArgumentException("a match window of " + matchWindowDays + " days");
    }
    this.matchWindowDays = matchWindowDays;
    this.clock = clock;
    for (SafeguardingAccount account : accounts) {
      this.accounts.put(account.number().value(), account);
    }
  }

  @Override
  public StatementImport importStatements(ImportBankStatementsCommand command) {
    command.caller().requireOperator();
    List<BankStatement> statements = reader.read(command.file(), command.mediaType());
    if (statements.isEmpty()) {
      throw new StatementInvalidException("the file holds no statement");
    }
    Set<String> inThisFile = new HashSet<>();
    for (BankStatement statement : statements) {
      requireConfigured(statement);
      if (!inThisFile.add(
          statement.account().value()
              + "/"
              + statement.messageId()
              + "/"
              + statement.statementId())) {
        throw new StatementInvalidException(
            "statement " + statement.statementId() + " is in the file twice");
      }
    }
    String principal = String.valueOf(command.caller().principalId());
    // Checked and stored in one unit of work: a file imported twice at once stores once, and the
    // other import, run again by the retry loop, finds it stored.
    Map<BankStatement, StoredStatement> earlier = new HashMap<>();
    Map<BankStatement, StoredStatement> storedNow = new HashMap<>();
    Attempts.inTransaction(
        unitOfWork,
        () -> {
          earlier.clear();
          storedNow.clear();
          List<BankStatement> fresh = new ArrayList<>();
          for (BankStatement statement : statements) {
            Optional<StoredStatement> stored =
                store.find(statement.account(), statement.messageId(), statement.statementId());
            if (stored.isEmpty()) {
              fresh.add(statement);
            } else if (stored.get().fingerprint().equals(statement.fingerprint())) {
              earlier.put(statement, stored.get());
            } else {
              throw new StatementConflictException(statement.messageId(), statement.statementId());
            }
          }
          if (!command.dryRun() && !fresh.isEmpty()) {
            List<StoredStatement> stored =
                store.store(
                    new ReceivedFile(
                        command.file(), command.mediaType(), clock.instant(), principal),
                    fresh);
            for (int i = 0; i < fresh.size(); i++) {
              storedNow.put(fresh.get(i), stored.get(i));
            }
          }
          return null;
        });
    List<StatementImport.Statement> imported = new ArrayList<>();
    for (BankStatement statement : statements) {
      StoredStatement stored = earlier.getOrDefault(statement, storedNow.get(statement));
      List<StatementImport.Line> lines =
          command.dryRun() ? preview(statement, stored) : match(statement, stored, principal);
      imported.add(
          new StatementImport.Statement(
              stored == null ? null : stored.id(),
              statement.messageId(),
              statement.statementId(),
              statement.account().value(),
              statement.currency(),
              earlier.containsKey(statement),
              lines));
    }
    checkSafeguarding(storedNow.keySet());
    return new StatementImport(command.dryRun(), imported);
  }

  /**
   * After the import, the safeguarding check of each account with a new end-of-day statement. The
   * import has committed: a check that fails is logged and left to the next one (or to {@code GET
   * /v1/safeguarding}), never turned into a failed import.
   */
  private void checkSafeguarding(Set<BankStatement> stored) {
    Set<CurrencyCode> checked = new HashSet<>();
    for (BankStatement statement : stored) {
      if (statement.kind() == StatementKind.END_OF_DAY && checked.add(statement.currency())) {
        try {
          safeguarding.check(Caller.system(), statement.currency());
        } catch (RuntimeException failed) {
          LOG.log(
              Level.WARNING,
              "the safeguarding check after statement {0} failed ({1}); GET /v1/safeguarding runs"
                  + " it again",
              statement.statementId(),
              failed.toString());
        }
      }
    }
  }

  private void requireConfigured(BankStatement statement) {
    SafeguardingAccount account = accounts.get(statement.account().value());
    if (account == null) {
      throw new StatementInvalidException(
          "statement "
              + statement.statementId()
              + " is for the bank account "
              + statement.account()
              + ", which is not one of the ledger's (ledger.bank.accounts)");
    }
    if (!account.currency().equals(statement.currency())) {
      throw new CurrencyMismatchException(account.currency().value(), statement.currency().value());
    }
  }

  /** What matching looks up for the statement, as committed. */
  private StatementMatching.Candidates candidates(BankStatement statement) {
    CurrencyCode currency = statement.currency();
    return new StatementMatching.Candidates() {
      @Override
      public Optional<Withdrawal> withdrawal(TransactionId id) {
        return withdrawals.findWithdrawal(id);
      }

      @Override
      public Optional<PendingDeposit> depositWithReference(String reference) {
        return deposits.findByReference(currency, reference);
      }

      @Override
      public List<PendingDeposit> pendingDepositsOf(
          Money amount, LocalDate from, LocalDate to, int limit) {
        return deposits.findPendingOfAmount(amount, startOf(from), startOf(to.plusDays(1)), limit);
      }

      @Override
      public Optional<Account> account(AccountId id) {
        return wallets.findById(id);
      }

      @Override
      public List<Withdrawal> payoutsOf(Money amount, LocalDate from, LocalDate to, int limit) {
        return withdrawals.findPayoutsOfAmount(
            amount, startOf(from), startOf(to.plusDays(1)), limit);
      }
    };
  }

  private static Instant startOf(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  /** Settles what the stored statement's unresolved lines match, and records each resolution. */
  private List<StatementImport.Line> match(
      BankStatement statement, StoredStatement stored, String principal) {
    Map<Integer, LineDecision> decisions =
        StatementMatching.decide(statement, candidates(statement), matchWindowDays);
    List<StatementImport.Line> lines = new ArrayList<>();
    for (StoredLine line : stored.lines()) {
      if (line.resolution() != null) {
        lines.add(resolvedBefore(line));
        continue;
      }
      int number = line.line().number();
      switch (decisions.get(number)) {
        case Unmatched unmatched -> lines.add(waiting(number, line.id(), unmatched.reason()));
        case CompleteWithdrawal complete ->
            lines.add(
                settle(
                    line,
                    complete.withdrawalId(),
                    null,
                    Outcome.SETTLED_WITHDRAWAL,
                    () -> settlements.complete(complete.withdrawalId()),
                    complete.byEndToEndId() ? BY_END_TO_END_ID : BY_AMOUNT_AND_DATE,
                    "paid out: " + matchedBy(complete),
                    principal));
        case FailWithdrawal fail ->
            lines.add(
                settle(
                    line,
                    fail.withdrawalId(),
                    null,
                    Outcome.FAILED_WITHDRAWAL,
                    () -> settlements.fail(fail.withdrawalId(), fail.reason()),
                    BY_END_TO_END_ID,
                    fail.reason() + ": matched by its end-to-end id",
                    principal));
        case SettleDeposit deposit ->
            lines.add(
                settle(
                    line,
                    null,
                    deposit.pendingDepositId(),
                    Outcome.SETTLED_DEPOSIT,
                    () -> settlements.settleDeposit(deposit.pendingDepositId()),
                    deposit.byReference() ? BY_REFERENCE : BY_AMOUNT_AND_DATE,
                    deposit.byReference()
                        ? "paid in: matched by its reference"
                        : "paid in: matched by its amount and value date",
                    principal));
        case BookDeposit booking ->
            lines.add(
                settle(
                    line,
                    null,
                    null,
                    Outcome.BOOKED_DEPOSIT,
                    () -> settlements.book(line, booking.wallet()),
                    BY_WALLET_REFERENCE,
                    "paid in: booked to wallet "
                        + booking.wallet().value()
                        + " by its deposit reference",
                    principal));
      }
    }
    return lines;
  }

  private StatementImport.Line settle(
      StoredLine line,
      TransactionId withdrawalId,
      TransactionId depositId,
      Outcome outcome,
      Supplier<TransactionId> posting,
      String rule,
      String reason,
      String principal) {
    int number = line.line().number();
    TransactionId settlement;
    try {
      settlement = posting.get();
    } catch (LedgerException refused) {
      return waiting(number, line.id(), refused.getMessage());
    }
    store.resolve(
        line.id(),
        new LineResolution(
            LineStatus.MATCHED,
            withdrawalId,
            depositId,
            settlement,
            rule,
            reason,
            principal,
            clock.instant()));
    return new StatementImport.Line(
        number, line.id(), outcome, withdrawalId, depositId, settlement, reason);
  }

  /** What matching would do, with nothing stored or posted. */
  private List<StatementImport.Line> preview(BankStatement statement, StoredStatement stored) {
    Map<Integer, LineDecision> decisions =
        StatementMatching.decide(statement, candidates(statement), matchWindowDays);
    List<StatementImport.Line> lines = new ArrayList<>();
    for (int i = 0; i < statement.lines().size(); i++) {
      int number = statement.lines().get(i).number();
      StoredLine line = stored == null ? null : stored.lines().get(i);
      Long lineId = line == null ? null : line.id();
      if (line != null && line.resolution() != null) {
        lines.add(resolvedBefore(line));
        continue;
      }
      lines.add(
          switch (decisions.get(number)) {
            case Unmatched unmatched -> waiting(number, lineId, unmatched.reason());
            case CompleteWithdrawal complete ->
                previewWithdrawal(
                    number,
                    lineId,
                    complete.withdrawalId(),
                    Outcome.SETTLED_WITHDRAWAL,
                    matchedBy(complete));
            case FailWithdrawal fail ->
                previewWithdrawal(
                    number,
                    lineId,
                    fail.withdrawalId(),
                    Outcome.FAILED_WITHDRAWAL,
                    "matched by its end-to-end id");
            case SettleDeposit deposit -> previewDeposit(number, lineId, deposit);
            case BookDeposit booking ->
                new StatementImport.Line(
                    number,
                    lineId,
                    Outcome.BOOKED_DEPOSIT,
                    null,
                    null,
                    null,
                    "would book to wallet "
                        + booking.wallet().value()
                        + ": matched by its deposit reference");
          });
    }
    return lines;
  }

  private static String matchedBy(CompleteWithdrawal complete) {
    return complete.byEndToEndId()
        ? "matched by its end-to-end id"
        : "matched by its amount and value date";
  }

  private StatementImport.Line previewWithdrawal(
      int number, Long lineId, TransactionId withdrawalId, Outcome outcome, String matchedBy) {
    Optional<Withdrawal> withdrawal = withdrawals.findWithdrawal(withdrawalId);
    if (withdrawal.isEmpty() || withdrawal.get().status() != WithdrawalStatus.PENDING) {
      return waiting(
          number,
          lineId,
          "withdrawal "
              + withdrawalId
              + " is "
              + withdrawal.map(w -> w.status().name()).orElse("gone")
              + ", not pending");
    }
    return new StatementImport.Line(
        number, lineId, outcome, withdrawalId, null, null, "would settle: " + matchedBy);
  }

  private StatementImport.Line previewDeposit(int number, Long lineId, SettleDeposit decision) {
    TransactionId depositId = decision.pendingDepositId();
    Optional<PendingDeposit> deposit = deposits.findPendingDeposit(depositId);
    if (deposit.isEmpty() || deposit.get().status() != PendingDepositStatus.PENDING) {
      return waiting(
          number,
          lineId,
          "pending deposit "
              + depositId
              + " is "
              + deposit.map(d -> d.status().name()).orElse("gone")
              + ", not pending");
    }
    return new StatementImport.Line(
        number,
        lineId,
        Outcome.SETTLED_DEPOSIT,
        null,
        depositId,
        null,
        decision.byReference()
            ? "would settle: matched by its reference"
            : "would settle: matched by its amount and value date");
  }

  private static StatementImport.Line waiting(int number, Long lineId, String reason) {
    return new StatementImport.Line(number, lineId, Outcome.UNMATCHED, null, null, null, reason);
  }

  private static StatementImport.Line resolvedBefore(StoredLine line) {
    LineResolution resolution = line.resolution();
    return new StatementImport.Line(
        line.line().number(),
        line.id(),
        resolution.status() == LineStatus.DISMISSED ? Outcome.DISMISSED : Outcome.MATCHED,
        resolution.withdrawalId(),
        resolution.depositId(),
        resolution.transactionId(),
        resolution.reason());
  }
}
