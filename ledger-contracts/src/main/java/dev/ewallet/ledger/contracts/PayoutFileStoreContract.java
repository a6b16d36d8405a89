package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.vnd;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PayoutFileStore} must do. Withdrawals reference real journal transactions,
 * posted first through the ledger's own posting path ({@link Postings}); each test first files
 * whatever an earlier one left waiting, so a shared database is fine.
 */
public abstract class PayoutFileStoreContract {

  protected abstract PayoutFileStore payoutFiles();

  protected abstract WithdrawalRepository withdrawals();

  protected abstract AccountRepository accounts();

  protected abstract UnitOfWork unitOfWork();

  /** The posting path over the same storage as the ports under test. */
  protected abstract Postings postings();

  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
  private final LocalDate today = LocalDate.parse("2026-12-06");

  private static final BankParty PAYEE =
      new BankParty("Alice", BankAccountNumber.iban("GB82WEST12345698765432"), "WESTGB22");

  private Withdrawal pending(long amount, BankParty payee, Instant at) {
    AccountId wallet =
        accounts()
            .create(
                new NewAccount(UserId.of(LedgerFixtures.freshUserId()), VND, AccountKind.USER, now))
            .id();
    Withdrawal withdrawal =
        Withdrawal.requested(postings().deposit(wallet, vnd(100)), wallet, vnd(amount), at, payee);
    unitOfWork()
        .inTransaction(() -> {
          withdrawals().insertWithdrawal(withdrawal);
          return null;
        });
    return withdrawal;
  }

  private Optional<PayoutFile> create(int max) {
    return create(max, now);
  }

  private Optional<PayoutFile> create(int max, Instant at) {
    String id = "PAY-" + UUID.randomUUID().toString().substring(0, 30);
    return unitOfWork().inTransaction(() -> payoutFiles().createFile(id, VND, at, today, max));
  }

  private void fileWhatWaits() {
    while (create(10_000).isPresent()) {
      // an earlier test's withdrawals, filed out of the way
    }
  }

  @Test
  void pendingWithdrawalsNamingAPayeeAreFiledOldestFirstAndOnlyOnce() {
    fileWhatWaits();
    Withdrawal newer = pending(20, PAYEE, now.minusSeconds(10));
    Withdrawal older = pending(10, PAYEE, now.minusSeconds(20));
    Withdrawal third = pending(30, PAYEE, now.minusSeconds(5));

    PayoutFile file = create(2).orElseThrow();

    assertThat(file.payouts())
        .extracting(Payout::withdrawalId, Payout::amount, Payout::payee)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(older.id(), vnd(10), PAYEE),
            org.assertj.core.groups.Tuple.tuple(newer.id(), vnd(20), PAYEE));
    assertThat(payoutFiles().find(file.id())).contains(file);
    PayoutFile next = create(10).orElseThrow();
    assertThat(next.payouts()).extracting(Payout::withdrawalId).containsExactly(third.id());
    assertThat(create(10)).isEmpty();
    assertThat(payoutFiles().find("PAY-NONE")).isEmpty();
  }

  @Test
  void aWithdrawalWithoutAPayeeOrNoLongerPendingIsNotFiled() {
    fileWhatWaits();
    pending(10, null, now);
    Withdrawal settled = pending(20, PAYEE, now);
    TransactionId settlement = postings().deposit(settled.accountId(), vnd(1));
    unitOfWork()
        .inTransaction(() -> {
          withdrawals().updateWithdrawal(settled.complete(settlement, now.plusSeconds(1)));
          return null;
        });

    assertThat(create(10)).isEmpty();
  }

  @Test
  void filesAreListedNewestFirstPageByPage() {
    fileWhatWaits();
    // Made later than any other test's files, so that these three are the newest.
    Instant later = now.plus(3650, ChronoUnit.DAYS);
    pending(10, PAYEE, now);
    PayoutFile first = create(10, later).orElseThrow();
    pending(20, PAYEE, now);
    pending(30, PAYEE, now);
    PayoutFile second = create(10, later.plusSeconds(60)).orElseThrow();
    pending(40, PAYEE, now);
    PayoutFile third = create(10, later.plusSeconds(120)).orElseThrow();

    assertThat(payoutFiles().list(VND, null, 2))
        .containsExactly(PayoutFileSummary.of(third), PayoutFileSummary.of(second));
    assertThat(payoutFiles().list(null, second.id(), 1))
        .containsExactly(PayoutFileSummary.of(first));
    assertThat(PayoutFileSummary.of(second).payouts()).isEqualTo(2);
    assertThat(PayoutFileSummary.of(second).total()).isEqualTo(vnd(50));
    assertThat(payoutFiles().list(CurrencyCode.of("CHF"), null, 5)).isEmpty();
    assertThat(payoutFiles().list(VND, "PAY-NONE", 5)).isEmpty();
  }
}
