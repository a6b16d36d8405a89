package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.function.Consumer;

/** Operators: the dormant wallets of a currency, longest dormant first, for unclaimed property. */
public interface DormantWalletsQuery {

  /**
   * Hands each dormant wallet of the currency to {@code sink}, as read.
   *
   * @throws dev.ewallet.ledger.domain.error.AccessDeniedException unless the caller is an operator
   */
  void dormantWallets(Caller caller, CurrencyCode currency, Consumer<DormantWallet> sink);
}
