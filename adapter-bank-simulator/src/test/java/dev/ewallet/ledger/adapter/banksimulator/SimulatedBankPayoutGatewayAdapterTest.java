package dev.ewallet.ledger.adapter.banksimulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SimulatedBankPayoutGatewayAdapterTest {

  private final SimulatedBankPayoutGatewayAdapter bank = new SimulatedBankPayoutGatewayAdapter();

  private static Withdrawal withdrawal() {
    return Withdrawal.requested(
        TransactionId.random(),
        AccountId.of(7),
        Money.of(500, CurrencyCode.of("VND")),
        Instant.parse("2026-12-01T00:00:00Z"));
  }

  @Test
  void aRequestSentTwiceIsRecognisedAsTheSamePayout() {
    Withdrawal first = withdrawal();
    Withdrawal other = withdrawal();

    bank.requestPayout(first);
    bank.requestPayout(first);
    bank.requestPayout(other);

    assertThat(bank.payoutRequestsFor(first.id())).isEqualTo(2);
    assertThat(bank.payoutRequestsFor(other.id())).isEqualTo(1);
    assertThat(bank.payoutRequestsFor(TransactionId.random())).isZero();
  }

  @Test
  void itRemembersABoundedNumberOfWithdrawals() {
    Withdrawal oldest = withdrawal();
    bank.requestPayout(oldest);
    for (int i = 0; i < SimulatedBankPayoutGatewayAdapter.REMEMBERED; i++) {
      bank.requestPayout(withdrawal());
    }

    assertThat(bank.payoutRequestsFor(oldest.id())).isZero();
  }
}
