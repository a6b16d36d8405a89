package dev.ewallet.ledger.application.reads;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.SafeguardingQuery;
import dev.ewallet.ledger.domain.port.out.SafeguardingFigures;
import dev.ewallet.ledger.domain.port.out.SafeguardingWatch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The safeguarding check of a currency whose safeguarding account is configured
 * (docs/bank-reconciliation.md), on demand; every check is shown to the {@link SafeguardingWatch}.
 */
public final class SafeguardingService implements SafeguardingQuery {

  private final SafeguardingFigures figures;
  private final SafeguardingWatch watch;
  private final Map<CurrencyCode, SafeguardingAccount> accounts = new HashMap<>();

  public SafeguardingService(
      SafeguardingFigures figures, SafeguardingWatch watch, List<SafeguardingAccount> accounts) {
    this.figures = figures;
    this.watch = watch;
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
    return check;
  }
}
