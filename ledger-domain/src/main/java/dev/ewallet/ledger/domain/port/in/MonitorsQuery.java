package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import java.util.List;

/** A wallet's balance monitors, oldest first (its owner or an operator). */
public interface MonitorsQuery {

  List<BalanceMonitor> monitors(Caller caller, AccountId accountId);
}
