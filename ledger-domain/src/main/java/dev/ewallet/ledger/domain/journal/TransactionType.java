package dev.ewallet.ledger.domain.journal;

/**
 * What a journal transaction records, and whether an operator may reverse it.
 *
 * <p>Only payments between parties (deposits, transfers, operators' multi-leg postings) are
 * reversible. The transactions of withdrawals and holds move money between a wallet and the hold
 * account that mirrors a pending withdrawal or hold row; they move only through that row's state
 * machine, because reversing one would put the hold account out of step with what is pending (and
 * reversing a withdrawal's opening, then completing it, would pay the money out twice). A sweep
 * only moves a merchant's own money between its sub-accounts, and a reversal is undone by nothing
 * but a new payment. A refund pays part of a transfer back; the transfer stays refundable up to its
 * amount, and neither is then reversible.
 *
 * <p>Some types move money anew (deposits, transfers, multi-leg postings, a withdrawal's or a
 * hold's start, a capture paying its destination): a frozen account refuses their postings, and
 * their debits of a wallet count against its outgoing limits. The types that settle or undo a
 * movement already made (a withdrawal's completion or failure, a hold's release, a reversal, a
 * refund, a sweep) do neither: refusing them would strand money on the hold account or take from an
 * operator the remedy a freeze is there to allow.
 *
 * <p>A closed wallet refuses every posting. Money some types bring a wallet has arrived whether or
 * not the wallet still takes it (a deposit the bank holds, a refund, a reversal, a withdrawal or
 * hold coming back): such a credit goes by the closed-wallet policy instead ({@link
 * #reachesClosedWallets}), refused or kept in the currency's suspense account until the wallet is
 * reopened ({@link #SUSPENSE_RELEASE}).
 */
public enum TransactionType {
  /** Money entering a wallet from the bank, booked against the bank clearing account. */
  DEPOSIT(true, true),
  /** Money moving between two wallets of one currency. */
  TRANSFER(true, true),
  /** The exact negation of an earlier transaction, which stays in the journal unchanged. */
  REVERSAL(false, false),
  /** A withdrawal starts: the amount moves from the wallet to the hold account. */
  WITHDRAWAL(false, true),
  /** The bank paid the withdrawal out: the amount moves from the hold to payout clearing. */
  WITHDRAWAL_COMPLETION(false, false),
  /** The bank refused the withdrawal: the amount moves from the hold back to the wallet. */
  WITHDRAWAL_FAILURE(false, false),
  /** An authorization reserves funds: the amount moves from the wallet to the hold account. */
  HOLD(false, true),
  /** A hold is captured: to the destination, any rest back to the wallet. */
  HOLD_CAPTURE(false, true),
  /** A hold is voided or expires: the amount moves from the hold back to the wallet. */
  HOLD_RELEASE(false, false),
  /** A merchant shard's balance is gathered into the merchant's main account. */
  SWEEP(false, false),
  /**
   * An operator's posting of 2 to 64 legs between wallets, summing to zero per currency: a payment
   * split between a merchant and the platform, a correction across several wallets.
   */
  POSTING(true, true),
  /**
   * Part of a transfer paid back, linked to it: from the payee (where the money now is, for a
   * sharded merchant) to the payer. Several may follow one transfer up to its amount.
   */
  REFUND(false, false),
  /**
   * Money kept in the suspense account for a closed wallet goes back to it once an operator has
   * reopened it: from the currency's suspense account to the wallet.
   */
  SUSPENSE_RELEASE(false, false);

  private final boolean reversible;
  private final boolean movesMoneyAnew;

  TransactionType(boolean reversible, boolean movesMoneyAnew) {
    this.reversible = reversible;
    this.movesMoneyAnew = movesMoneyAnew;
  }

  /** Whether a transaction of this type may be reversed by an operator. */
  public boolean isReversible() {
    return reversible;
  }

  /** Whether a transaction of this type is linked to an earlier one it reverses or refunds. */
  public boolean linksOriginal() {
    return this == REVERSAL || this == REFUND;
  }

  /**
   * Whether money this type credits to a wallet has arrived whether or not the wallet still takes
   * it: a deposit, a refund, a reversal, a withdrawal's failure or a hold's release. Such a credit
   * for a closed wallet goes by the closed-wallet policy; any other posting to one is refused.
   */
  public boolean reachesClosedWallets() {
    return switch (this) {
      case DEPOSIT, REVERSAL, REFUND, WITHDRAWAL_FAILURE, HOLD_RELEASE -> true;
      default -> false;
    };
  }

  /**
   * Whether an entry of this type, a debit or a credit, on a wallet is its owner's own doing: money
   * they sent (a transfer, a withdrawal, a hold) or brought in from their bank (a deposit). A
   * wallet with none for the dormancy period turns dormant; money others sent it does not keep it
   * awake.
   */
  public boolean showsOwnerActivity(boolean debit) {
    return debit ? this == TRANSFER || this == WITHDRAWAL || this == HOLD : this == DEPOSIT;
  }

  /**
   * Whether this type moves money anew rather than settling or undoing a movement already made: a
   * frozen account refuses its postings (by the sign its status refuses), and its debits of a
   * wallet count against the wallet's outgoing limits.
   */
  public boolean movesMoneyAnew() {
    return movesMoneyAnew;
  }
}
