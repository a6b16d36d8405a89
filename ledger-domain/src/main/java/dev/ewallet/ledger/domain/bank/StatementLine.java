package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.Money;
import java.time.LocalDate;
import java.util.Objects;

/**
 * One booking on the ledger's bank account as the bank reports it, what matching reads: a payout
 * leaving (its end-to-end id the withdrawal's), a payout coming back ({@code returned}), a
 * customer's credit with the reference they wrote, a bank fee. A booking the bank reports as a
 * batch of several payments is one line per payment.
 *
 * @param number the line's position in its statement, from 1
 * @param bankReference the bank's reference of the booking ({@code AcctSvcrRef} or {@code
 *     NtryRef}); {@code null} when the bank gives none
 * @param amount positive; {@code direction} says which way it moved
 * @param valueDate the day the money counted for interest and availability; the booking date when
 *     the bank gives no value date
 * @param endToEndId the id the payer gave the payment; for our payouts, the withdrawal's; {@code
 *     null} when absent or {@code NOTPROVIDED}
 * @param remittance what the payer wrote for the payee (a deposit reference); {@code null} if none;
 *     only its first {@link #MAX_REMITTANCE} characters are kept (a bank may send several free text
 *     blocks, and a reference is at their start)
 * @param returned the booking returns or reverses an earlier payment (ISO 20022 return information
 *     or reversal indicator)
 * @param returnReason the bank's reason code for a return; {@code null} otherwise
 */
public record StatementLine(
    int number,
    String bankReference,
    CreditDebit direction,
    Money amount,
    LocalDate bookingDate,
    LocalDate valueDate,
    String endToEndId,
    String remittance,
    boolean returned,
    String returnReason) {

  /** The most remittance text a line keeps. */
  public static final int MAX_REMITTANCE = 500;

  public StatementLine {
    Objects.requireNonNull(direction, "direction");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(bookingDate, "bookingDate");
    Objects.requireNonNull(valueDate, "valueDate");
    if (number < 1) {
      throw new IllegalArgumentException("line number " + number);
    }
    if (!amount.isPositive()) {
      throw new InvalidRequestException(
          "statement line " + number + " has the amount " + amount + "; it must be positive");
    }
    if (remittance != null && remittance.length() > MAX_REMITTANCE) {
      remittance = remittance.substring(0, MAX_REMITTANCE);
    }
  }

  /** Money paid in: a credit that returns no payment of the ledger's. */
  public boolean paysIn() {
    return direction == CreditDebit.CREDIT && !returned;
  }

  /** The amount as it changes the account's balance: positive for a credit. */
  public Money signedAmount() {
    return direction == CreditDebit.CREDIT ? amount : amount.negate();
  }
}
