package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.journal.TransactionId;
import java.util.Objects;

/**
 * What matching makes of one statement line: it settles a withdrawal or a pending deposit, books a
 * deposit to the wallet whose reference it names, or it waits for an operator in the exceptions
 * queue, with the reason it could not be settled by itself.
 */
public sealed interface LineDecision {

  /**
   * The line is the bank paying the withdrawal out.
   *
   * @param byEndToEndId matched by the withdrawal's end-to-end id; else by its amount and date
   */
  record CompleteWithdrawal(TransactionId withdrawalId, boolean byEndToEndId)
      implements LineDecision {
    public CompleteWithdrawal {
      Objects.requireNonNull(withdrawalId, "withdrawalId");
    }
  }

  /** The line is the bank returning the withdrawal's payment: the money goes back to the wallet. */
  record FailWithdrawal(TransactionId withdrawalId, String reason) implements LineDecision {
    public FailWithdrawal {
      Objects.requireNonNull(withdrawalId, "withdrawalId");
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * The line is the bank's money for a pending deposit: the deposit posts to its wallet.
   *
   * @param byReference matched by the deposit's reference; else by its amount and date
   */
  record SettleDeposit(TransactionId pendingDepositId, boolean byReference)
      implements LineDecision {
    public SettleDeposit {
      Objects.requireNonNull(pendingDepositId, "pendingDepositId");
    }
  }

  /**
   * The line is money a customer sent with their wallet's standing deposit reference: it is booked
   * to that wallet as a deposit.
   */
  record BookDeposit(AccountId wallet) implements LineDecision {
    public BookDeposit {
      Objects.requireNonNull(wallet, "wallet");
    }
  }

  /** No rule settles the line by itself. */
  record Unmatched(String reason) implements LineDecision {
    public Unmatched {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
