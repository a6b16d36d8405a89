package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.bank.SafeguardingShortfall;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.SafeguardingQuery;
import dev.ewallet.ledger.domain.port.out.SafeguardingFigures;
import dev.ewallet.ledger.domain.port.out.SafeguardingShortfalls;
import dev.ewallet.ledger.domain.port.out.SafeguardingWatch;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The safeguarding check of a currency whose safeguarding account is configured
 * (docs/bank-reconciliation.md), on demand; every check is shown to the {@link SafeguardingWatch},
 * and the first to find a shortfall against a statement records it and announces it through the
 * outbox, so that consumers hear of each statement's shortfall once however often it is checked.
 */
public final class SafeguardingService implements SafeguardingQuery {

  private final SafeguardingFigures figures;
  private final SafeguardingWatch watch;
  private final SafeguardingShortfalls shortfalls;
  private final Clock clock;
  private final Map<CurrencyCode, SafeguardingAccount> accounts = new HashMap<>();

  public SafeguardingService(
      SafeguardingFigures figures,
      SafeguardingWatch watch,
      SafeguardingShortfalls shortfalls,
      List<SafeguardingAccount> accounts,
      Clock clock) {
    this.figures = figures;
    this.watch = watch;
    this.shortfalls = shortfalls;
    this.clock = clock;
    accounts.forEach(account -> this.accounts.put(account.currency(), account));
  }

  @Override
  public SafeguardingCheck check(Caller caller, CurrencyCode currency) {
    caller.requireOperator();
    SafeguardingAccount account = accounts.get(currency);
    if (account == null) {
      throw new InvalidRequestException(
          "no safeguarding account is configured for "
              + currency.value()
              + " (ledger.bank.accounts."
              + currency.value()
              + ")");
    }
    SafeguardingCheck check = figures.check(account);
    watch.checked(check);
    if (check.shortfall()) {
      shortfalls.recordOnce(SafeguardingShortfall.found(check, clock.instant()));
    }
    return check;
  }
}
