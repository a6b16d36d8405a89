package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The bank that pays withdrawals out by payment files ({@code ledger.bank.gateway=iso20022}): a
 * withdrawal is not sent on its own but waits, pending, for the next payout run, which files it
 * with the others of its currency (pain.001); its statement line settles it. Every withdrawal must
 * name its payee.
 */
@Component
@ConditionalOnProperty(name = "ledger.bank.gateway", havingValue = "iso20022")
final class PaymentFilePayoutGatewayAdapter implements BankPayoutGateway {

  @Override
  public void requestPayout(Withdrawal withdrawal) {
    // Nothing to send now: the payout run gathers it into the next file of its currency.
  }

  @Override
  public boolean needsPayee() {
    return true;
  }
}
