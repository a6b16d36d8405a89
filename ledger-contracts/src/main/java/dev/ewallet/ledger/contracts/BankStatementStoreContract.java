package dev.ewallet.ledger.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bank.StoredStatement;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link BankStatementStore} must do. Each test stores statements of ids of its own, so
 * a shared database is fine.
 */
public abstract class BankStatementStoreContract {

  protected abstract BankStatementStore store();

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final BankAccountNumber ACCOUNT = BankAccountNumber.local("0071000123456");
  private static final LocalDate DAY = LocalDate.parse("2026-12-04");
  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

  private static BankStatement statement(String id) {
    return new BankStatement(
        "MSG-" + id,
        "STMT-" + id,
        StatementKind.END_OF_DAY,
        ACCOUNT,
        VND,
        Money.of(1_000, VND),
        Money.of(1_300, VND),
        List.of(
            new StatementLine(
                1,
                "BANK-1",
                CreditDebit.CREDIT,
                Money.of(500, VND),
                DAY,
                DAY.plusDays(1),
                null,
                "DEP-7",
                false,
                null),
            new StatementLine(
                2,
                null,
                CreditDebit.DEBIT,
                Money.of(200, VND),
                DAY,
                DAY,
                "0193a1f27c4e7a109b2c3d4e5f607182",
                null,
                true,
                "AC04")));
  }

  private ReceivedFile file() {
    return new ReceivedFile(
        "<Document/>".getBytes(StandardCharsets.UTF_8), "application/xml", now, "9");
  }

  private static String unique() {
    return UUID.randomUUID().toString().substring(0, 12);
  }

  @Test
  void aStoredStatementIsFoundByItsIdsWithEveryLineAsTheBankSaidIt() {
    String id = unique();
    BankStatement statement = statement(id);

    StoredStatement stored = store().store(file(), List.of(statement)).getFirst();

    assertThat(stored.fingerprint()).isEqualTo(statement.fingerprint());
    assertThat(stored.lines()).extracting(StoredLine::line).isEqualTo(statement.lines());
    assertThat(stored.lines()).allMatch(line -> line.status() == LineStatus.UNMATCHED);
    assertThat(stored.lines())
        .allSatisfy(line -> {
          assertThat(line.statementId()).isEqualTo("STMT-" + id);
          assertThat(line.messageId()).isEqualTo("MSG-" + id);
          assertThat(line.account()).isEqualTo(ACCOUNT);
        });
    assertThat(store().find(ACCOUNT, "MSG-" + id, "STMT-" + id)).contains(stored);
    assertThat(store().find(ACCOUNT, "MSG-" + id, "STMT-other")).isEmpty();
    assertThat(store().find(BankAccountNumber.local("1"), "MSG-" + id, "STMT-" + id)).isEmpty();
  }

  @Test
  void aLineIsResolvedOnceAndItsStatusFollows() {
    String id = unique();
    StoredStatement stored = store().store(file(), List.of(statement(id))).getFirst();
    long lineId = stored.lines().getFirst().id();
    LineResolution dismissal =
        new LineResolution(
            LineStatus.DISMISSED, null, null, null, "OPERATOR", "interest", "9", now);

    assertThat(store().resolve(lineId, dismissal)).isTrue();
    assertThat(
            store()
                .resolve(
                    lineId,
                    new LineResolution(
                        LineStatus.DISMISSED, null, null, null, "OPERATOR", "again", "9", now)))
        .isFalse();

    assertThat(store().line(lineId).orElseThrow().resolution()).isEqualTo(dismissal);
    assertThat(linesOf(id, LineStatus.DISMISSED))
        .extracting(StoredLine::id)
        .containsExactly(lineId);
    assertThat(linesOf(id, LineStatus.UNMATCHED))
        .extracting(StoredLine::id)
        .containsExactly(stored.lines().get(1).id());
    assertThat(linesOf(id, null)).hasSize(2);
    assertThat(store().line(Long.MAX_VALUE)).isEmpty();
  }

  @Test
  void linesArePagedNewestFirstByTheirIds() {
    String id = unique();
    List<StoredLine> stored = store().store(file(), List.of(statement(id))).getFirst().lines();
    long newest = stored.get(1).id();

    List<StoredLine> page = store().lines(null, newest + 1, 1);
    assertThat(page).extracting(StoredLine::id).containsExactly(newest);
    assertThat(store().lines(null, newest, 1))
        .extracting(StoredLine::id)
        .containsExactly(stored.getFirst().id());
  }

  private List<StoredLine> linesOf(String id, LineStatus status) {
    return store().lines(status, null, 100).stream()
        .filter(line -> line.statementId().equals("STMT-" + id))
        .toList();
  }

  @Test
  void theUnmatchedLinesBookedBeforeADayAreCountedAndTheOldestListedFirst() {
    // Booked long before any other test's lines, so that only these are that old.
    LocalDate first = LocalDate.parse("1999-01-04");
    String id = unique();
    List<StatementLine> lines = new ArrayList<>();
    for (int n = 1; n <= 3; n++) {
      LocalDate booked = n == 3 ? first.plusDays(1) : first;
      lines.add(
          new StatementLine(
              n,
              null,
              CreditDebit.CREDIT,
              Money.of(n, VND),
              booked,
              booked,
              null,
              null,
              false,
              null));
    }
    BankStatement notification =
        new BankStatement(
            "MSG-" + id, "NTF-" + id, StatementKind.NOTIFICATION, ACCOUNT, VND, null, null, lines);
    List<StoredLine> stored = store().store(file(), List.of(notification)).getFirst().lines();
    store()
        .resolve(
            stored.get(0).id(),
            new LineResolution(
                LineStatus.DISMISSED, null, null, null, "OPERATOR", "interest", "9", now));

    Overdue<StoredLine> beforeSecondDay = store().unmatchedBookedBefore(first.plusDays(1), 20);
    Overdue<StoredLine> beforeThirdDay = store().unmatchedBookedBefore(first.plusDays(2), 1);

    assertThat(store().unmatchedBookedBefore(first, 20).count()).isZero();
    assertThat(beforeSecondDay.count()).isEqualTo(1);
    assertThat(beforeSecondDay.oldest())
        .extracting(StoredLine::id)
        .containsExactly(stored.get(1).id());
    assertThat(beforeThirdDay.count()).isEqualTo(2);
    assertThat(beforeThirdDay.oldest())
        .extracting(StoredLine::id)
        .containsExactly(stored.get(1).id());
  }
}
