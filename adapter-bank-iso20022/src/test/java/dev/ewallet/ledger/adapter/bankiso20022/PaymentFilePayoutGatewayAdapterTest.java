package dev.ewallet.ledger.adapter.bankiso20022;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PaymentFilePayoutGatewayAdapterTest {

  @Test
  void aBankPayingByFilesNeedsEveryWithdrawalToNameItsPayee() {
    assertThat(new PaymentFilePayoutGatewayAdapter().needsPayee()).isTrue();
  }
}
