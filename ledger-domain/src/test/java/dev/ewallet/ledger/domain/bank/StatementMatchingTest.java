package dev.ewallet.ledger.domain.bank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bank.LineDecision.BookDeposit;
import dev.ewallet.ledger.domain.bank.LineDecision.CompleteWithdrawal;
import dev.ewallet.ledger.domain.bank.LineDecision.FailWithdrawal;
import dev.ewallet.ledger.domain.bank.LineDecision.SettleDeposit;
import dev.ewallet.ledger.domain.bank.LineDecision.Unmatched;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.DepositReference;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementMatchingTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final LocalDate DAY = LocalDate.parse("2026-12-04");

  private final Map<TransactionId, Withdrawal> withdrawals = new HashMap<>();
  private final Map<String, PendingDeposit> deposits = new HashMap<>();
  private final List<StatementLine> lines = new ArrayList<>();
  private final Map<AccountId, Account> accounts = new HashMap<>();

  /** The day each withdrawal's payout was sent to the bank. */
  private final Map<TransactionId, LocalDate> sentOn = new HashMap<>();

  private AccountId account(long id, String currency, AccountKind kind) {
    accounts.put(AccountId.of(id), Account.rehydrate(id, 7L, currency, kind, 0, Instant.EPOCH));
    return AccountId.of(id);
  }

  private PendingDeposit pendingDeposit(String reference, long amount) {
    PendingDeposit deposit =
        PendingDeposit.announced(
            TransactionId.random(),
            AccountId.of(7),
            Money.of(amount, VND),
            new TransactionDetails(reference, null, Map.of()),
            Instant.EPOCH);
    deposits.put(reference, deposit);
    return deposit;
  }

  private void credit(long amount, String endToEndId, String remittance) {
    lines.add(
        new StatementLine(
            lines.size() + 1,
            null,
            CreditDebit.CREDIT,
            Money.of(amount, VND),
            DAY,
            DAY,
            endToEndId,
            remittance,
            false,
            null));
  }

  private TransactionId withdrawal(long amount) {
    Withdrawal withdrawal =
        Withdrawal.requested(
            TransactionId.random(), AccountId.of(7), Money.of(amount, VND), Instant.EPOCH);
    withdrawals.put(withdrawal.id(), withdrawal);
    return withdrawal.id();
  }

  private void line(CreditDebit direction, long amount, TransactionId payout, String returnCode) {
    lines.add(
        new StatementLine(
            lines.size() + 1,
            null,
            direction,
            Money.of(amount, VND),
            DAY,
            DAY,
            payout == null ? null : Payout.endToEndIdOf(payout),
            null,
            returnCode != null,
            returnCode));
  }

  private Map<Integer, LineDecision> decide() {
    return decide(
        new BankStatement(
            "M",
            "S",
            StatementKind.NOTIFICATION,
            BankAccountNumber.local("1"),
            VND,
            null,
            null,
            lines));
  }

  /** The lines as an end-of-day statement opening at zero. */
  private Map<Integer, LineDecision> decideEndOfDay() {
    long closing = lines.stream().mapToLong(line -> line.signedAmount().amountMinor()).sum();
    return decide(
        new BankStatement(
            "M",
            "S",
            StatementKind.END_OF_DAY,
            BankAccountNumber.local("1"),
            VND,
            Money.zero(VND),
            Money.of(closing, VND),
            lines));
  }

  private Map<Integer, LineDecision> decide(BankStatement statement) {
    return StatementMatching.decide(
        statement,
        new StatementMatching.Candidates() {
          @Override
          public Optional<Withdrawal> withdrawal(TransactionId id) {
            return Optional.ofNullable(withdrawals.get(id));
          }

          @Override
          public Optional<PendingDeposit> depositWithReference(String reference) {
            return Optional.ofNullable(deposits.get(reference));
          }

          @Override
          public List<PendingDeposit> pendingDepositsOf(
              Money amount, LocalDate from, LocalDate to, int limit) {
            return deposits.values().stream()
                .filter(d -> d.amount().equals(amount))
                .filter(d -> {
                  LocalDate announced = LocalDate.ofInstant(d.createdAt(), ZoneOffset.UTC);
                  return !announced.isBefore(from) && !announced.isAfter(to);
                })
                .limit(limit)
                .toList();
          }

          @Override
          public Optional<Account> account(AccountId id) {
            return Optional.ofNullable(accounts.get(id));
          }

          @Override
          public List<Withdrawal> payoutsOf(Money amount, LocalDate from, LocalDate to, int limit) {
            return withdrawals.values().stream()
                .filter(w -> w.amount().equals(amount) && sentOn.containsKey(w.id()))
                .filter(w -> !sentOn.get(w.id()).isBefore(from) && !sentOn.get(w.id()).isAfter(to))
                .limit(limit)
                .toList();
          }
        },
        3);
  }

  /** A pending deposit without a reference, announced on {@code day}. */
  private PendingDeposit announcedOn(LocalDate day, long amount) {
    PendingDeposit deposit =
        PendingDeposit.announced(
            TransactionId.random(),
            AccountId.of(7),
            Money.of(amount, VND),
            TransactionDetails.NONE,
            day.atTime(9, 0).toInstant(ZoneOffset.UTC));
    deposits.put("unreferenced-" + deposit.id(), deposit);
    return deposit;
  }

  @Test
  void aPaymentOfTheWithdrawalsAmountCompletesIt() {
    TransactionId paid = withdrawal(5_000);
    line(CreditDebit.DEBIT, 5_000, paid, null);

    assertThat(decide()).containsExactly(Map.entry(1, new CompleteWithdrawal(paid, true)));
  }

  @Test
  void aReturnFailsItAndItsPaymentOnTheSameStatementIsMatchedToTheFailure() {
    TransactionId bounced = withdrawal(5_000);
    line(CreditDebit.DEBIT, 5_000, bounced, null);
    line(CreditDebit.CREDIT, 5_000, bounced, "AC04");

    FailWithdrawal failure = new FailWithdrawal(bounced, "returned by the bank (AC04)");
    assertThat(decide()).containsExactly(Map.entry(1, failure), Map.entry(2, failure));
  }

  @Test
  void anotherAmountNeverSettlesAndWaits() {
    TransactionId misstated = withdrawal(5_000);
    line(CreditDebit.DEBIT, 4_999, misstated, null);

    assertThat(decide().get(1))
        .isInstanceOfSatisfying(
            Unmatched.class,
            unmatched -> assertThat(unmatched.reason()).contains("4999 VND").contains("5000 VND"));
  }

  @Test
  void aWithdrawalPaidTwiceWaitsOnBothLines() {
    TransactionId twice = withdrawal(5_000);
    line(CreditDebit.DEBIT, 5_000, twice, null);
    line(CreditDebit.DEBIT, 5_000, twice, null);

    assertThat(decide().values()).allMatch(Unmatched.class::isInstance).hasSize(2);
  }

  @Test
  void aLineNamingNoWithdrawalOrTheWrongWayWaits() {
    TransactionId credited = withdrawal(5_000);
    line(CreditDebit.CREDIT, 700, null, null);
    line(CreditDebit.DEBIT, 5_000, TransactionId.random(), null);
    line(CreditDebit.CREDIT, 5_000, credited, null);

    Map<Integer, LineDecision> decisions = decide();
    assertThat(decisions.values()).allMatch(Unmatched.class::isInstance).hasSize(3);
    assertThat(((Unmatched) decisions.get(2)).reason()).contains("no withdrawal");
    assertThat(((Unmatched) decisions.get(3)).reason())
        .contains("neither its payment nor its return");
  }

  @Test
  void aCreditNamingAPendingDepositsReferenceSettlesIt() {
    PendingDeposit byId = pendingDeposit("TOPUP-1", 7_000);
    PendingDeposit byText = pendingDeposit("TOPUP-2", 3_000);
    credit(7_000, "TOPUP-1", "a top-up");
    credit(3_000, null, "  TOPUP-2 ");

    assertThat(decide())
        .containsExactly(
            Map.entry(1, new SettleDeposit(byId.id(), true)),
            Map.entry(2, new SettleDeposit(byText.id(), true)));
  }

  @Test
  void aCreditOfAnotherAmountOrTwoCreditsForOneDepositWait() {
    pendingDeposit("TOPUP-1", 7_000);
    pendingDeposit("TOPUP-2", 3_000);
    credit(6_999, "TOPUP-1", null);
    credit(3_000, "TOPUP-2", null);
    credit(3_000, null, "TOPUP-2");

    Map<Integer, LineDecision> decisions = decide();
    assertThat(decisions.values()).allMatch(Unmatched.class::isInstance).hasSize(3);
    assertThat(((Unmatched) decisions.get(1)).reason()).contains("6999 VND").contains("7000 VND");
    assertThat(((Unmatched) decisions.get(2)).reason()).contains("more than one line");
  }

  @Test
  void aDebitOrAReturnNamingAReferenceIsNoDeposit() {
    pendingDeposit("TOPUP-1", 7_000);
    lines.add(
        new StatementLine(
            1,
            null,
            CreditDebit.DEBIT,
            Money.of(7_000, VND),
            DAY,
            DAY,
            "TOPUP-1",
            null,
            false,
            null));

    assertThat(decide().get(1)).isInstanceOf(Unmatched.class);
  }

  @Test
  void anEndOfDayCreditNamingNothingPaysTheOnePendingDepositOfItsAmountNearItsDate() {
    PendingDeposit near = announcedOn(DAY.minusDays(2), 5_000);
    announcedOn(DAY.minusDays(4), 6_000);
    credit(5_000, null, "from a friend");
    credit(6_000, null, null);

    Map<Integer, LineDecision> decisions = decideEndOfDay();

    assertThat(decisions.get(1)).isEqualTo(new SettleDeposit(near.id(), false));
    assertThat(decisions.get(2)).isInstanceOf(Unmatched.class);
    assertThat(decide().get(1)).isInstanceOf(Unmatched.class);
  }

  @Test
  void twoPendingDepositsOfTheAmountOrTwoCreditsForOneWaitForAnOperator() {
    announcedOn(DAY, 5_000);
    announcedOn(DAY.plusDays(1), 5_000);
    PendingDeposit alone = announcedOn(DAY, 7_000);
    credit(5_000, null, null);
    credit(7_000, null, null);
    credit(7_000, null, null);

    Map<Integer, LineDecision> decisions = decideEndOfDay();

    assertThat(decisions.values()).allMatch(Unmatched.class::isInstance);
    assertThat(((Unmatched) decisions.get(1)).reason()).contains("several pending deposits");
    assertThat(((Unmatched) decisions.get(2)).reason())
        .contains(alone.id().toString())
        .contains("more than one line");
  }

  @Test
  void aCreditNamingAWalletsDepositReferenceIsBookedToItEachLineOnItsOwn() {
    AccountId wallet = account(41, "VND", AccountKind.USER);
    String reference = DepositReference.of(wallet).value();
    credit(5_000, null, reference);
    credit(7_000, null, "pocket money " + reference.toLowerCase());
    credit(9_000, null, reference);

    assertThat(decideEndOfDay())
        .containsExactly(
            Map.entry(1, new BookDeposit(wallet)),
            Map.entry(2, new BookDeposit(wallet)),
            Map.entry(3, new BookDeposit(wallet)));
  }

  @Test
  void aPendingDepositsReferenceComesBeforeAWalletsAndAReturnIsNeverBooked() {
    AccountId wallet = account(41, "VND", AccountKind.USER);
    String reference = DepositReference.of(wallet).value();
    PendingDeposit announced = pendingDeposit(reference, 5_000);
    credit(5_000, null, reference);
    lines.add(
        new StatementLine(
            2,
            "B-2",
            CreditDebit.CREDIT,
            Money.of(3_000, VND),
            DAY,
            DAY,
            null,
            reference,
            true,
            "AC04"));

    Map<Integer, LineDecision> decisions = decideEndOfDay();
    assertThat(decisions.get(1)).isEqualTo(new SettleDeposit(announced.id(), true));
    assertThat(decisions.get(2)).isInstanceOf(Unmatched.class);
  }

  @Test
  void aReferenceOfNoWalletOfAnotherCurrencyOrOnANotificationWaits() {
    AccountId euros = account(42, "EUR", AccountKind.USER);
    AccountId clearing = account(43, "VND", AccountKind.BANK_CLEARING);
    AccountId wallet = account(44, "VND", AccountKind.USER);
    credit(5_000, null, DepositReference.of(euros).value());
    credit(5_000, null, DepositReference.of(clearing).value());
    credit(5_000, null, DepositReference.of(AccountId.of(99)).value());
    credit(5_000, null, DepositReference.of(wallet).value());

    Map<Integer, LineDecision> endOfDay = decideEndOfDay();
    assertThat(((Unmatched) endOfDay.get(1)).reason()).contains("holds EUR");
    assertThat(((Unmatched) endOfDay.get(2)).reason()).contains("no wallet");
    assertThat(((Unmatched) endOfDay.get(3)).reason()).contains("no wallet");
    assertThat(endOfDay.get(4)).isEqualTo(new BookDeposit(wallet));
    assertThat(((Unmatched) decide().get(4)).reason()).contains("day's statement");
  }

  @Test
  void anEndOfDayDebitNamingNothingPaysOutTheOnePayoutOfItsAmountSentBeforeItsValueDate() {
    TransactionId sent = withdrawal(5_000);
    sentOn.put(sent, DAY.minusDays(1));
    withdrawal(6_000); // never sent to the bank
    TransactionId sentLater = withdrawal(7_000);
    sentOn.put(sentLater, DAY.plusDays(1));
    TransactionId sentLongBefore = withdrawal(8_000);
    sentOn.put(sentLongBefore, DAY.minusDays(4));
    line(CreditDebit.DEBIT, 5_000, null, null);
    line(CreditDebit.DEBIT, 6_000, null, null);
    line(CreditDebit.DEBIT, 7_000, null, null);
    line(CreditDebit.DEBIT, 8_000, null, null);

    Map<Integer, LineDecision> endOfDay = decideEndOfDay();
    assertThat(endOfDay.get(1)).isEqualTo(new CompleteWithdrawal(sent, false));
    assertThat(endOfDay.values()).filteredOn(Unmatched.class::isInstance).hasSize(3);
    assertThat(decide().get(1)).isInstanceOf(Unmatched.class);
  }

  @Test
  void aDebitOfTheAmountOfTwoPayoutsOrOfOneNamedByAnotherLineWaits() {
    TransactionId first = withdrawal(5_000);
    TransactionId second = withdrawal(5_000);
    TransactionId named = withdrawal(9_000);
    for (TransactionId id : List.of(first, second, named)) {
      sentOn.put(id, DAY);
    }
    line(CreditDebit.DEBIT, 5_000, null, null);
    line(CreditDebit.DEBIT, 9_000, named, null);
    line(CreditDebit.DEBIT, 9_000, null, null);

    Map<Integer, LineDecision> decisions = decideEndOfDay();
    assertThat(((Unmatched) decisions.get(1)).reason()).contains("several payouts");
    assertThat(decisions.get(2)).isEqualTo(new CompleteWithdrawal(named, true));
    assertThat(((Unmatched) decisions.get(3)).reason()).contains("more than one line");
  }
}
