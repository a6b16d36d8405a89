package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import java.util.ArrayList;
import java.util.List;

/** A bank that notes every payout it is asked for, and can be made unreachable. */
public final class RecordingBank implements BankPayoutGateway {

  private final List<TransactionId> asked = new ArrayList<>();
  private boolean unreachable;

  @Override
  public synchronized void requestPayout(Withdrawal withdrawal) {
    if (unreachable) {
      throw new IllegalStateException("bank unreachable");
    }
    asked.add(withdrawal.id());
  }

  public synchronized void unreachable(boolean unreachable) {
    this.unreachable = unreachable;
  }

  public synchronized List<TransactionId> asked() {
    return List.copyOf(asked);
  }
}
