package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.USD;
import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.reads.SafeguardingService;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bank.StoredStatement;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.bankflow.DepositReference;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDepositStatus;
import dev.ewallet.ledger.domain.bankflow.WithdrawalStatus;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.error.StatementConflictException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.error.StatementLineNotFoundException;
import dev.ewallet.ledger.domain.error.StatementLineResolvedException;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.BookDepositLineCommand;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CompleteWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.DismissStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsCommand;
import dev.ewallet.ledger.domain.port.in.MatchDepositLineCommand;
import dev.ewallet.ledger.domain.port.in.MatchStatementLineCommand;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.StatementImport;
import dev.ewallet.ledger.domain.port.in.StatementImport.Outcome;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import dev.ewallet.ledger.domain.port.out.TransientConflictException;
import dev.ewallet.ledger.testkit.InMemoryBankStatements;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The import and the manual resolution of statement lines over the in-memory ledger: what the
 * system test cannot stage, a stop between a settlement and its line's resolution among it.
 */
class BankStatementServiceTest {

  private static final Caller ALICE = Caller.user(7);
  private static final Caller OPERATOR = LedgerServicesFixture.OPERATOR;
  private static final BankAccountNumber OURS = BankAccountNumber.local("0071000123456");
  private static final LocalDate DAY = LocalDate.parse("2026-11-30");
  private static final SafeguardingAccount OUR_ACCOUNT =
      new SafeguardingAccount(VND, new BankParty("Example Wallet JSC", OURS, null));

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7);
  private final InMemoryBankStatements stored = new InMemoryBankStatements();
  private final AtomicBoolean failNextResolution = new AtomicBoolean();
  private final AtomicBoolean anotherImportFirst = new AtomicBoolean();
  private final List<BankStatement> inTheFile = new ArrayList<>();
  private final AtomicBoolean figuresFail = new AtomicBoolean();
  private final List<SafeguardingCheck> watched = new ArrayList<>();

  /** The in-memory store, but whose next resolution fails as if the process stopped there. */
  private final BankStatementStore store =
      new BankStatementStore() {
        @Override
        public Optional<StoredStatement> find(
            BankAccountNumber account, String messageId, String statementId) {
          return stored.find(account, messageId, statementId);
        }

        @Override
        public List<StoredStatement> store(ReceivedFile file, List<BankStatement> statements) {
          if (anotherImportFirst.getAndSet(false)) {
            stored.store(file, statements);
            throw new TransientConflictException("stored by a concurrent import", null);
          }
          return stored.store(file, statements);
        }

        @Override
        public boolean resolve(long lineId, LineResolution resolution) {
          if (failNextResolution.getAndSet(false)) {
            throw new IllegalStateException("the process stopped");
          }
          return stored.resolve(lineId, resolution);
        }

        @Override
        public Optional<StoredLine> line(long lineId) {
          return stored.line(lineId);
        }

        @Override
        public List<StoredLine> lines(LineStatus status, Long beforeId, int limit) {
          return stored.lines(status, beforeId, limit);
        }

        @Override
        public Overdue<StoredLine> unmatchedBookedBefore(LocalDate day, int limit) {
          return stored.unmatchedBookedBefore(day, limit);
        }
      };

  private final BankSettlements settlements =
      new BankSettlements(
          f.services.withdrawals(), f.services.pendingDeposits(), f.services.deposits());
  private final BankStatementService statements =
      new BankStatementService(
          (file, mediaType) -> List.copyOf(inTheFile),
          store,
          f.unitOfWork,
          f.ledger.bankFlows(),
          f.ledger.bankFlows(),
          f.ledger.accounts(),
          settlements,
          List.of(OUR_ACCOUNT),
          new SafeguardingService(
              account -> {
                if (figuresFail.get()) {
                  throw new IllegalStateException("the database is gone");
                }
                Money zero = Money.zero(VND);
                return new SafeguardingCheck(VND, account, null, null, zero, zero, zero, zero);
              },
              watched::add,
              shortfall -> {
                throw new AssertionError("no shortfall here: " + shortfall);
              },
              List.of(OUR_ACCOUNT),
              f.clock),
          3,
          f.clock);
  private final StatementLineResolutionService resolutions =
      new StatementLineResolutionService(
          store,
          f.ledger.bankFlows(),
          f.ledger.bankFlows(),
          f.ledger.accounts(),
          settlements,
          f.clock);

  BankStatementServiceTest() {
    f.deposit(alice, 100_000);
  }

  private TransactionId withdraw(long amount) {
    return f.services
        .withdrawals()
        .request(new RequestWithdrawalCommand(ALICE, freshKey(), alice, amount))
        .transactionId();
  }

  private static StatementLine payout(int number, TransactionId withdrawal, long amount) {
    return line(number, CreditDebit.DEBIT, amount, Payout.endToEndIdOf(withdrawal), null);
  }

  private static StatementLine credit(int number, long amount, String remittance) {
    return line(number, CreditDebit.CREDIT, amount, null, remittance);
  }

  private static StatementLine line(
      int number, CreditDebit direction, long amount, String endToEndId, String remittance) {
    return new StatementLine(
        number,
        null,
        direction,
        Money.of(amount, VND),
        DAY,
        DAY,
        endToEndId,
        remittance,
        false,
        null);
  }

  private static BankStatement notification(
      String id, BankAccountNumber account, StatementLine... lines) {
    return new BankStatement(
        "MSG-" + id,
        "NTF-" + id,
        StatementKind.NOTIFICATION,
        account,
        VND,
        null,
        null,
        List.of(lines));
  }

  private static BankStatement endOfDay(String id, long opening, StatementLine... lines) {
    long closing = opening;
    for (StatementLine line : lines) {
      closing += line.signedAmount().amountMinor();
    }
    return new BankStatement(
        "MSG-" + id,
        "STMT-" + id,
        StatementKind.END_OF_DAY,
        OURS,
        VND,
        Money.of(opening, VND),
        Money.of(closing, VND),
        List.of(lines));
  }

  @Test
  void eachNewEndOfDayStatementIsFollowedByTheSafeguardingCheckOfItsAccount() {
    TransactionId withdrawal = withdraw(5_000);

    importFile(notification("10", OURS, payout(1, withdrawal, 5_000)));
    assertThat(watched).isEmpty();

    inTheFile.clear();
    inTheFile.add(endOfDay("10", 50_000, payout(1, withdrawal, 5_000)));
    statements.importStatements(
        new ImportBankStatementsCommand(OPERATOR, new byte[] {1}, "application/xml", true));
    assertThat(watched).isEmpty();

    importFile(endOfDay("10", 50_000, payout(1, withdrawal, 5_000)));
    assertThat(watched).singleElement().extracting(SafeguardingCheck::currency).isEqualTo(VND);

    importFile(endOfDay("10", 50_000, payout(1, withdrawal, 5_000)));
    assertThat(watched).hasSize(1);
  }

  @Test
  void aSafeguardingCheckThatFailsAfterTheImportLeavesTheImportDone() {
    TransactionId withdrawal = withdraw(5_000);
    figuresFail.set(true);

    StatementImport imported = importFile(endOfDay("11", 50_000, payout(1, withdrawal, 5_000)));

    assertThat(imported.storedAny()).isTrue();
    assertThat(status(withdrawal)).isEqualTo(WithdrawalStatus.COMPLETED);
    assertThat(watched).isEmpty();
  }

  /** The lines of a dry run of the one statement. */
  private List<StatementImport.Line> dryRun(BankStatement statement) {
    inTheFile.clear();
    inTheFile.add(statement);
    return statements
        .importStatements(
            new ImportBankStatementsCommand(OPERATOR, new byte[] {1}, "application/xml", true))
        .statements()
        .getFirst()
        .lines();
  }

  private StatementImport importFile(BankStatement... file) {
    inTheFile.clear();
    inTheFile.addAll(List.of(file));
    return statements.importStatements(
        new ImportBankStatementsCommand(OPERATOR, new byte[] {1}, "application/xml", false));
  }

  private WithdrawalStatus status(TransactionId withdrawal) {
    return f.ledger.bankFlows().findWithdrawal(withdrawal).orElseThrow().status();
  }

  @Test
  void aStopBetweenTheSettlementAndItsResolutionIsResolvedByImportingAgain() {
    TransactionId withdrawal = withdraw(5_000);
    BankStatement statement = notification("1", OURS, payout(1, withdrawal, 5_000));
    failNextResolution.set(true);

    assertThatThrownBy(() -> importFile(statement)).hasMessage("the process stopped");
    assertThat(status(withdrawal)).isEqualTo(WithdrawalStatus.COMPLETED);
    assertThat(stored.lines(LineStatus.UNMATCHED, null, 10)).hasSize(1);

    StatementImport.Line again = importFile(statement).statements().getFirst().lines().getFirst();

    assertThat(again.outcome()).isEqualTo(Outcome.SETTLED_WITHDRAWAL);
    assertThat(again.transactionId())
        .isEqualTo(f.ledger.bankFlows().findWithdrawal(withdrawal).orElseThrow().settledBy());
    assertThat(f.balance(alice)).isEqualTo(95_000);
  }

  @Test
  void anImportThatLosesTheRaceToStoreRunsAgainAndFindsTheStatementStored() {
    TransactionId withdrawal = withdraw(5_000);
    anotherImportFirst.set(true);

    StatementImport.Statement statement =
        importFile(notification("9", OURS, payout(1, withdrawal, 5_000))).statements().getFirst();

    assertThat(statement.alreadyImported()).isTrue();
    assertThat(statement.lines().getFirst().outcome()).isEqualTo(Outcome.SETTLED_WITHDRAWAL);
    assertThat(stored.files()).hasSize(1);
  }

  @Test
  void aWithdrawalSettledByHandLeavesItsLineUnmatchedWithTheRefusal() {
    TransactionId withdrawal = withdraw(5_000);
    f.services
        .withdrawals()
        .settle(new CompleteWithdrawalCommand(OPERATOR, freshKey(), withdrawal));

    StatementImport.Line line =
        importFile(notification("2", OURS, payout(1, withdrawal, 5_000)))
            .statements()
            .getFirst()
            .lines()
            .getFirst();

    assertThat(line.outcome()).isEqualTo(Outcome.UNMATCHED);
    assertThat(line.reason()).contains("COMPLETED");
  }

  @Test
  void aFileIsImportedWholeOrNotAtAll() {
    TransactionId withdrawal = withdraw(5_000);
    BankStatement first = notification("3", OURS, payout(1, withdrawal, 5_000));
    importFile(notification("4", OURS));
    BankStatement changed = notification("4", OURS, payout(1, withdrawal, 5_000));

    assertThatThrownBy(() -> importFile(first, changed))
        .isInstanceOf(StatementConflictException.class);
    assertThatThrownBy(() -> importFile(first, notification("5", BankAccountNumber.local("9"))))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("not one of the ledger's");
    assertThatThrownBy(() -> importFile(first, first))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("twice");
    assertThatThrownBy(() -> importFile()).isInstanceOf(StatementInvalidException.class);

    assertThat(stored.find(OURS, "MSG-3", "NTF-3")).isEmpty();
    assertThat(status(withdrawal)).isEqualTo(WithdrawalStatus.PENDING);
    assertThat(stored.files()).hasSize(1);
  }

  @Test
  void aDryRunStoresAndPostsNothing() {
    TransactionId withdrawal = withdraw(5_000);
    inTheFile.add(notification("6", OURS, payout(1, withdrawal, 5_000)));

    StatementImport preview =
        statements.importStatements(
            new ImportBankStatementsCommand(OPERATOR, new byte[] {1}, "application/xml", true));

    assertThat(preview.dryRun()).isTrue();
    StatementImport.Line line = preview.statements().getFirst().lines().getFirst();
    assertThat(line.outcome()).isEqualTo(Outcome.SETTLED_WITHDRAWAL);
    assertThat(line.lineId()).isNull();
    assertThat(status(withdrawal)).isEqualTo(WithdrawalStatus.PENDING);
    assertThat(stored.files()).isEmpty();
  }

  @Test
  void onlyOperatorsImportAndResolve() {
    assertThatThrownBy(() ->
            statements.importStatements(
                new ImportBankStatementsCommand(ALICE, new byte[] {1}, "application/xml", false)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> resolutions.resolve(new DismissStatementLineCommand(ALICE, 1, "fee")))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void anOperatorMatchesALineOfAnotherAmountOrDismissesOneOnce() {
    TransactionId withdrawal = withdraw(5_000);
    List<StatementImport.Line> lines =
        importFile(
                notification(
                    "7",
                    OURS,
                    payout(1, withdrawal, 4_900),
                    payout(2, TransactionId.random(), 700)))
            .statements()
            .getFirst()
            .lines();
    assertThat(lines).allMatch(line -> line.outcome() == Outcome.UNMATCHED);
    long misstated = lines.get(0).lineId();
    long unknown = lines.get(1).lineId();

    StoredLine matched =
        resolutions.resolve(new MatchStatementLineCommand(OPERATOR, misstated, withdrawal));

    assertThat(matched.status()).isEqualTo(LineStatus.MATCHED);
    assertThat(matched.resolution().rule()).isEqualTo("OPERATOR");
    assertThat(status(withdrawal)).isEqualTo(WithdrawalStatus.COMPLETED);
    assertThat(
            resolutions
                .resolve(new DismissStatementLineCommand(OPERATOR, unknown, "a fee"))
                .status())
        .isEqualTo(LineStatus.DISMISSED);
    assertThatThrownBy(
            () -> resolutions.resolve(new DismissStatementLineCommand(OPERATOR, unknown, "again")))
        .isInstanceOf(StatementLineResolvedException.class);
    assertThatThrownBy(
            () -> resolutions.resolve(new DismissStatementLineCommand(OPERATOR, 999_999, "x")))
        .isInstanceOf(StatementLineNotFoundException.class);
  }

  @Test
  void aLineIsNotMatchedToAWithdrawalOfAnotherCurrency() {
    AccountId dollars = f.openWallet(7, USD);
    f.deposit(dollars, 10_000);
    TransactionId withdrawal =
        f.services
            .withdrawals()
            .request(new RequestWithdrawalCommand(ALICE, freshKey(), dollars, 1_000))
            .transactionId();
    long line =
        importFile(notification("8", OURS, payout(1, TransactionId.random(), 1_000)))
            .statements()
            .getFirst()
            .lines()
            .getFirst()
            .lineId();

    assertThatThrownBy(
            () -> resolutions.resolve(new MatchStatementLineCommand(OPERATOR, line, withdrawal)))
        .isInstanceOf(CurrencyMismatchException.class);
    assertThat(status(withdrawal)).isEqualTo(WithdrawalStatus.PENDING);
  }

  private PendingDeposit announce(long amount, String reference) {
    return f.services
        .pendingDeposits()
        .announce(
            new DepositFundsCommand(
                OPERATOR,
                freshKey(),
                alice,
                amount,
                new TransactionDetails(reference, null, Map.of())))
        .deposit();
  }

  @Test
  void aCreditNamingAPendingDepositSettlesItOnceAcrossTheNotificationAndTheStatement() {
    PendingDeposit topUp = announce(30_000, "TOPUP-77");
    PendingDeposit other = announce(20_000, "TOPUP-78");

    StatementImport.Line notified =
        importFile(notification("20", OURS, credit(1, 30_000, "TOPUP-77")))
            .statements()
            .getFirst()
            .lines()
            .getFirst();
    List<StatementImport.Line> daily =
        importFile(endOfDay("20", 0, credit(1, 30_000, "TOPUP-77"), credit(2, 19_999, "TOPUP-78")))
            .statements()
            .getFirst()
            .lines();

    assertThat(notified.outcome()).isEqualTo(Outcome.SETTLED_DEPOSIT);
    assertThat(notified.depositId()).isEqualTo(topUp.id());
    assertThat(daily.get(0).outcome()).isEqualTo(Outcome.SETTLED_DEPOSIT);
    assertThat(daily.get(0).transactionId()).isEqualTo(notified.transactionId());
    assertThat(daily.get(1).outcome()).isEqualTo(Outcome.UNMATCHED);
    assertThat(daily.get(1).reason()).contains("19999 VND").contains("20000 VND");
    assertThat(f.balance(alice)).isEqualTo(100_000 + 30_000);
    PendingDepositService deposits = f.services.pendingDeposits();
    assertThat(deposits.get(OPERATOR, topUp.id()).settledBy()).isEqualTo(notified.transactionId());
    assertThat(deposits.get(OPERATOR, other.id()).status()).isEqualTo(PendingDepositStatus.PENDING);
  }

  @Test
  void aDryRunShowsTheDepositItWouldSettleAndPostsNothing() {
    PendingDeposit topUp = announce(30_000, "TOPUP-79");

    StatementImport.Line line = dryRun(endOfDay("21", 0, credit(1, 30_000, "TOPUP-79"))).getFirst();

    assertThat(line.outcome()).isEqualTo(Outcome.SETTLED_DEPOSIT);
    assertThat(line.reason()).startsWith("would settle");
    assertThat(line.depositId()).isEqualTo(topUp.id());
    assertThat(f.balance(alice)).isEqualTo(100_000);
  }

  @Test
  void anOperatorMatchesACreditOfAnotherAmountToAPendingDepositWhichSettlesForItsOwn() {
    PendingDeposit topUp = announce(30_000, "TOPUP-80");
    List<StatementImport.Line> lines =
        importFile(
                notification(
                    "22", OURS, credit(1, 29_000, "TOPUP-80"), payout(2, withdraw(1_000), 1_000)))
            .statements()
            .getFirst()
            .lines();
    long credit = lines.get(0).lineId();

    assertThat(lines.get(0).outcome()).isEqualTo(Outcome.UNMATCHED);
    assertThatThrownBy(() ->
            resolutions.resolve(
                new MatchDepositLineCommand(OPERATOR, lines.get(1).lineId(), topUp.id())))
        .isInstanceOf(StatementLineResolvedException.class);
    StoredLine matched =
        resolutions.resolve(new MatchDepositLineCommand(OPERATOR, credit, topUp.id()));

    assertThat(matched.status()).isEqualTo(LineStatus.MATCHED);
    assertThat(matched.resolution().depositId()).isEqualTo(topUp.id());
    assertThat(matched.resolution().rule()).isEqualTo("OPERATOR");
    assertThat(f.balance(alice)).isEqualTo(100_000 - 1_000 + 30_000);
    assertThat(f.services.pendingDeposits().get(OPERATOR, topUp.id()).settledBy())
        .isEqualTo(matched.resolution().transactionId());
  }

  @Test
  void aDebitOrAnUnknownDepositIsNoMatchForADeposit() {
    PendingDeposit topUp = announce(30_000, null);
    long debit =
        importFile(notification("23", OURS, payout(1, TransactionId.random(), 30_000)))
            .statements()
            .getFirst()
            .lines()
            .getFirst()
            .lineId();

    assertThatThrownBy(
            () -> resolutions.resolve(new MatchDepositLineCommand(OPERATOR, debit, topUp.id())))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("only a credit");
    assertThatThrownBy(() ->
            resolutions.resolve(
                new MatchDepositLineCommand(OPERATOR, debit, TransactionId.random())))
        .isInstanceOf(PendingDepositNotFoundException.class);
    assertThat(f.services.pendingDeposits().get(OPERATOR, topUp.id()).status())
        .isEqualTo(PendingDepositStatus.PENDING);
  }

  @Test
  void anOperatorBooksACreditNobodyAnnouncedAsADepositOnce() {
    long credit =
        importFile(notification("24", OURS, credit(1, 4_500, "for Alice")))
            .statements()
            .getFirst()
            .lines()
            .getFirst()
            .lineId();
    AccountId dollars = f.openWallet(7, USD);

    assertThatThrownBy(
            () -> resolutions.resolve(new BookDepositLineCommand(OPERATOR, credit, dollars)))
        .isInstanceOf(CurrencyMismatchException.class);
    StoredLine booked = resolutions.resolve(new BookDepositLineCommand(OPERATOR, credit, alice));

    assertThat(booked.status()).isEqualTo(LineStatus.MATCHED);
    assertThat(booked.resolution().reason()).contains("account " + alice.value());
    assertThat(f.balance(alice)).isEqualTo(100_000 + 4_500);
    assertThat(
            f.services
                .transactions()
                .get(OPERATOR, booked.resolution().transactionId())
                .transaction()
                .details()
                .metadata())
        .containsEntry("bankStatementLine", "1");
    assertThatThrownBy(
            () -> resolutions.resolve(new BookDepositLineCommand(OPERATOR, credit, alice)))
        .isInstanceOf(StatementLineResolvedException.class);
    assertThat(f.balance(alice)).isEqualTo(104_500);
  }

  @Test
  void anEndOfDayCreditNamingNothingSettlesThePendingDepositOfItsAmount() {
    PendingDeposit topUp = announce(12_345, null);

    StatementImport.Line line =
        importFile(endOfDay("25", 0, credit(1, 12_345, null)))
            .statements()
            .getFirst()
            .lines()
            .getFirst();

    assertThat(line.outcome()).isEqualTo(Outcome.SETTLED_DEPOSIT);
    assertThat(line.depositId()).isEqualTo(topUp.id());
    assertThat(line.reason()).contains("amount and value date");
    assertThat(stored.line(line.lineId()).orElseThrow().resolution().rule())
        .isEqualTo("AMOUNT_AND_DATE");
    assertThat(f.balance(alice)).isEqualTo(100_000 + 12_345);
  }

  @Test
  void anEndOfDayCreditNamingAWalletsDepositReferenceIsBookedToItOnce() {
    String reference = DepositReference.of(alice).value();
    BankStatement day =
        endOfDay("30", 0, credit(1, 6_000, reference), credit(2, 6_000, "gift " + reference));

    StatementImport.Line notified =
        importFile(notification("30", OURS, credit(1, 6_000, reference)))
            .statements()
            .getFirst()
            .lines()
            .getFirst();
    StatementImport.Line preview = dryRun(day).getFirst();
    List<StatementImport.Line> daily = importFile(day).statements().getFirst().lines();

    assertThat(notified.outcome()).isEqualTo(Outcome.UNMATCHED);
    assertThat(notified.reason()).contains("day's statement");
    assertThat(preview.outcome()).isEqualTo(Outcome.BOOKED_DEPOSIT);
    assertThat(preview.transactionId()).isNull();
    assertThat(daily)
        .extracting(StatementImport.Line::outcome)
        .containsOnly(Outcome.BOOKED_DEPOSIT);
    assertThat(daily.get(0).reason()).contains("wallet " + alice.value());
    assertThat(daily.get(0).transactionId()).isNotEqualTo(daily.get(1).transactionId());
    assertThat(f.balance(alice)).isEqualTo(100_000 + 6_000 + 6_000);
    assertThat(
            f.services
                .transactions()
                .get(OPERATOR, daily.get(1).transactionId())
                .transaction()
                .details()
                .metadata())
        .containsEntry("bankStatementId", "STMT-30")
        .containsEntry("bankStatementLine", "2");

    // Imported again, nothing posts twice.
    assertThat(importFile(day).statements().getFirst().lines())
        .extracting(StatementImport.Line::outcome)
        .containsOnly(Outcome.MATCHED);
    assertThat(f.balance(alice)).isEqualTo(112_000);
  }

  @Test
  void aWalletThatRefusesTheDepositLeavesTheLineUnmatchedWithTheRefusal() {
    AccountId dollars = f.openWallet(7, USD);

    StatementImport.Line line =
        importFile(endOfDay("32", 0, credit(1, 700, DepositReference.of(dollars).value())))
            .statements()
            .getFirst()
            .lines()
            .getFirst();

    assertThat(line.outcome()).isEqualTo(Outcome.UNMATCHED);
    assertThat(line.reason()).contains("holds USD");
    assertThat(f.balance(dollars)).isZero();
  }

  @Test
  void anEndOfDayDebitNamingNoWithdrawalPaysOutTheOnePayoutOfItsAmount() {
    TransactionId sent = withdraw(4_321);

    StatementImport.Line notified =
        importFile(notification("33", OURS, line(1, CreditDebit.DEBIT, 4_321, null, null)))
            .statements()
            .getFirst()
            .lines()
            .getFirst();
    StatementImport.Line preview =
        dryRun(endOfDay("33", 50_000, line(1, CreditDebit.DEBIT, 4_321, null, null))).getFirst();
    StatementImport.Line daily =
        importFile(endOfDay("33", 50_000, line(1, CreditDebit.DEBIT, 4_321, null, null)))
            .statements()
            .getFirst()
            .lines()
            .getFirst();

    assertThat(notified.outcome()).isEqualTo(Outcome.UNMATCHED);
    assertThat(preview.outcome()).isEqualTo(Outcome.SETTLED_WITHDRAWAL);
    assertThat(preview.reason()).isEqualTo("would settle: matched by its amount and value date");
    assertThat(daily.outcome()).isEqualTo(Outcome.SETTLED_WITHDRAWAL);
    assertThat(daily.withdrawalId()).isEqualTo(sent);
    assertThat(daily.reason()).isEqualTo("paid out: matched by its amount and value date");
    assertThat(status(sent)).isEqualTo(WithdrawalStatus.COMPLETED);
  }
}
