package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import java.util.Objects;
import java.util.Set;

/**
 * A transaction as one caller may see it: every entry's account and amount, but the balance after
 * an entry only for accounts the caller owns (operators see all). A payment must not tell the payer
 * what the payee holds.
 *
 * @param balancesShown the accounts whose {@code balanceAfter} the caller may see
 * @param refundableMinor for a transfer, what refunds may still pay back (0 once reversed or fully
 *     refunded); {@code null} for any other type, which cannot be refunded
 */
public record TransactionView(
    PostedTransaction transaction, Set<AccountId> balancesShown, Long refundableMinor) {

  public TransactionView {
    Objects.requireNonNull(transaction, "transaction");
    balancesShown = Set.copyOf(balancesShown);
  }

  public boolean showsBalanceOf(AccountId account) {
    return balancesShown.contains(account);
  }
}
