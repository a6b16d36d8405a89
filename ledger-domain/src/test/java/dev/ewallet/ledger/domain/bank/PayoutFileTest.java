package dev.ewallet.ledger.domain.bank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class PayoutFileTest {

  private static final CurrencyCode EUR = CurrencyCode.of("EUR");
  private static final BankParty ALICE =
      new BankParty("Alice Example", BankAccountNumber.iban("GB82WEST12345698765432"), null);

  private static PayoutFile file(Payout... payouts) {
    return new PayoutFile(
        "PAYOUTS-1",
        EUR,
        Instant.parse("2026-12-04T10:00:00Z"),
        LocalDate.parse("2026-12-04"),
        List.of(payouts));
  }

  @Test
  void theEndToEndIdIsTheWithdrawalIdIn32HexDigitsAndReadsBack() {
    TransactionId withdrawal = TransactionId.parse("0193a1f2-7c4e-7a10-9b2c-3d4e5f607182");
    Payout payout = new Payout(withdrawal, Money.of(500, EUR), ALICE);

    assertThat(payout.endToEndId()).isEqualTo("0193a1f27c4e7a109b2c3d4e5f607182").hasSize(32);
    assertThat(Payout.withdrawalOf(payout.endToEndId())).contains(withdrawal);
    assertThat(Payout.withdrawalOf("0193A1F27C4E7A109B2C3D4E5F607182")).contains(withdrawal);
    assertThat(Payout.withdrawalOf("NOTPROVIDED")).isEmpty();
    assertThat(Payout.withdrawalOf(null)).isEmpty();
  }

  @Test
  void aFileTotalsItsPayoutsAndHoldsEachWithdrawalOnce() {
    Payout one = new Payout(TransactionId.random(), Money.of(500, EUR), ALICE);
    Payout two = new Payout(TransactionId.random(), Money.of(250, EUR), ALICE);

    assertThat(file(one, two).total()).isEqualTo(Money.of(750, EUR));
    assertThatThrownBy(() -> file(one, one))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("twice");
    assertThatThrownBy(() -> file()).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aFileIsOfOneCurrency() {
    Payout dollars =
        new Payout(TransactionId.random(), Money.of(500, CurrencyCode.of("USD")), ALICE);
    assertThatThrownBy(() -> file(dollars)).isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void aPartyHasANameAndAValidBic() {
    assertThat(new BankParty("Bob", ALICE.account(), "DEUTDEFF").bic()).isEqualTo("DEUTDEFF");
    assertThat(new BankParty("Bob", ALICE.account(), "DEUTDEFF500").bic()).hasSize(11);
    assertThatThrownBy(() -> new BankParty("Bob", ALICE.account(), "DEUT"))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> new BankParty(" ", ALICE.account(), null))
        .isInstanceOf(InvalidRequestException.class);
  }
}
