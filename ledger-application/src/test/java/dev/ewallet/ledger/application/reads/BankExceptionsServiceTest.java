package dev.ewallet.ledger.application.reads;

import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.BankExceptions;
import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.testkit.InMemoryBankStatements;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bank view of reconciliation over the in-memory ledger, as the clock moves: a line is stale
 * once the bank booked it longer ago than the age, a withdrawal overdue once it has been pending
 * longer than the settlement time.
 */
class BankExceptionsServiceTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final InMemoryBankStatements statements = new InMemoryBankStatements();
  private final BankExceptionsService service =
      new BankExceptionsService(
          statements, f.ledger.bankFlows(), Duration.ofDays(1), Duration.ofDays(2), f.clock);

  private List<StoredLine> bookedOn(LocalDate day) {
    StatementLine line =
        new StatementLine(
            1, null, CreditDebit.CREDIT, Money.of(700, VND), day, day, null, null, false, null);
    BankStatement notification =
        new BankStatement(
            "MSG-" + day,
            "NTF-" + day,
            StatementKind.NOTIFICATION,
            BankAccountNumber.local("1"),
            VND,
            null,
            null,
            List.of(line));
    ReceivedFile file = new ReceivedFile(new byte[] {1}, "application/xml", f.clock.instant(), "9");
    return statements.store(file, List.of(notification)).getFirst().lines();
  }

  @Test
  void linesAndPayoutsAreListedOnceTheyHaveWaitedTooLong() {
    // The clock reads 2026-11-30T10:00Z: a day ago was 2026-11-29.
    StoredLine stale = bookedOn(LocalDate.parse("2026-11-28")).getFirst();
    bookedOn(LocalDate.parse("2026-11-29"));
    AccountId wallet = f.openWallet(7);
    f.deposit(wallet, 10_000);
    TransactionId withdrawal =
        f.services
            .withdrawals()
            .request(new RequestWithdrawalCommand(Caller.user(7), freshKey(), wallet, 1_000))
            .transactionId();

    BankExceptions now = service.exceptions(LedgerServicesFixture.OPERATOR);

    assertThat(now.staleLines().count()).isEqualTo(1);
    assertThat(now.staleLines().oldest()).extracting(StoredLine::id).containsExactly(stale.id());
    assertThat(now.overduePayouts().count()).isZero();
    assertThat(now.clear()).isFalse();

    f.clock.advance(Duration.ofDays(2).plusSeconds(1));
    BankExceptions later = service.exceptions(LedgerServicesFixture.OPERATOR);

    assertThat(later.staleLines().count()).isEqualTo(2);
    assertThat(later.overduePayouts().oldest())
        .extracting(Withdrawal::id)
        .containsExactly(withdrawal);
    assertThat(later.checkedAt()).isEqualTo(f.clock.instant());
  }

  @Test
  void onlyOperatorsReadItAndItsDurationsArePositive() {
    assertThatThrownBy(() -> service.exceptions(Caller.user(7)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() ->
            new BankExceptionsService(
                statements, f.ledger.bankFlows(), Duration.ZERO, Duration.ofDays(2), f.clock))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unmatchedLineAge");
  }
}
