package dev.ewallet.ledger.adapter.banksimulator;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * A SIMULATED bank for local runs and tests: it accepts every payout request, logs it, and never
 * moves real money. The bank's answer is given by an operator through {@code POST
 * /v1/withdrawals/{id}/complete} or {@code /fail}, as a real bank's callback would.
 *
 * <p>A real bank integration is another adapter implementing {@link BankPayoutGateway} (its own
 * module, e.g. {@code adapter-bank-<name>}), selected with {@code ledger.bank.gateway}; it must be
 * idempotent on the withdrawal id and must not block for long, because the request thread waits.
 */
@Component
@ConditionalOnProperty(
    name = "ledger.bank.gateway",
    havingValue = "simulator",
    matchIfMissing = true)
class SimulatedBankPayoutGatewayAdapter implements BankPayoutGateway {

  private static final Logger LOG =
      LoggerFactory.getLogger(SimulatedBankPayoutGatewayAdapter.class);

  private final Map<String, Withdrawal> requested = new ConcurrentHashMap<>();

  @Override
  public void requestPayout(Withdrawal withdrawal) {
    if (requested.putIfAbsent(withdrawal.id().toString(), withdrawal) == null) {
      LOG.info(
          "SIMULATED BANK: payout of {} from account {} requested (withdrawal {}); answer it with"
              + " POST /v1/withdrawals/{}/complete or /fail",
          withdrawal.amount(),
          withdrawal.accountId(),
          withdrawal.id(),
          withdrawal.id());
    }
  }
}
