package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.out.BankPayoutGateway;
import java.util.ArrayList;
import java.util.List;

/**
 * A bank that notes every payout it is asked for, can be made unreachable, and can be one that pays
 * to the payee each withdrawal names (as a bank paying out by payment files does).
 */
public final class RecordingBank implements BankPayoutGateway {

  private final List<TransactionId> asked = new ArrayList<>();
  private boolean unreachable;
  private boolean needsPayee;

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

  public synchronized void needsPayee(boolean needsPayee) {
    this.needsPayee = needsPayee;
  }

  @Override
  public synchronized boolean needsPayee() {
    return needsPayee;
  }

  public synchronized List<TransactionId> asked() {
    return List.copyOf(asked);
  }
}
