package dev.ewallet.ledger.adapter.banksimulator;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * A SIMULATED bank for local runs and tests, chosen only explicitly ({@code
 * ledger.bank.gateway=simulator}): it accepts every payout request, logs it, and never moves real
 * money. The bank's answer is given by an operator through {@code POST
 * /v1/withdrawals/{id}/complete} or {@code /fail}, as a real bank's callback would.
 *
 * <p>Like a real bank, it is idempotent on the withdrawal id: a request sent again (by the payout
 * job after a crash, or by two instances) is recognised and not paid twice. It remembers the last
 * {@value #REMEMBERED} withdrawals, so its memory stays bounded however long it runs.
 *
 * <p>A real bank integration is another adapter implementing {@link BankPayoutGateway} (its own
 * module, e.g. {@code adapter-bank-<name>}), selected with {@code ledger.bank.gateway}; it must be
 * idempotent on the withdrawal id and must not block for long, because the request thread waits.
 */
@Component
@ConditionalOnProperty(name = "ledger.bank.gateway", havingValue = "simulator")
class SimulatedBankPayoutGatewayAdapter implements BankPayoutGateway {

  static final int REMEMBERED = 100_000;

  private static final Logger LOG =
      LoggerFactory.getLogger(SimulatedBankPayoutGatewayAdapter.class);

  private final Map<TransactionId, Integer> requests =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<TransactionId, Integer> eldest) {
          return size() > REMEMBERED;
        }
      };

  @Override
  public void requestPayout(Withdrawal withdrawal) {
    int times;
    synchronized (requests) {
      times = requests.merge(withdrawal.id(), 1, Integer::sum);
    }
    if (times == 1) {
      LOG.info(
          "SIMULATED BANK: payout of {} from account {} requested (withdrawal {}); answer it with"
              + " POST /v1/withdrawals/{}/complete or /fail",
          withdrawal.amount(),
          withdrawal.accountId(),
          withdrawal.id(),
          withdrawal.id());
    } else {
      LOG.info(
          "SIMULATED BANK: payout of withdrawal {} requested again ({} times); paid once",
          withdrawal.id(),
          times);
    }
  }

  /** How many times the bank was asked to pay this withdrawal out (0 if never, or forgotten). */
  int payoutRequestsFor(TransactionId withdrawalId) {
    synchronized (requests) {
      return requests.getOrDefault(withdrawalId, 0);
    }
  }
}
