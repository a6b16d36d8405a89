package dev.ewallet.ledger.domain.bankflow;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An account holder at a bank, as payment files name one: their name as their bank knows it, their
 * account, and optionally their bank's BIC (ISO 9362), which payments within an IBAN country do not
 * need. A payout's payee, and the wallet business itself as the payer.
 */
public record BankParty(String name, BankAccountNumber account, String bic) {

  private static final Pattern BIC = Pattern.compile("[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?");

  public BankParty {
    Objects.requireNonNull(account, "account");
    if (name == null || name.isBlank() || name.length() > 70) {
      throw new InvalidRequestException("an account holder's name must be 1 to 70 characters");
    }
    if (bic != null && !BIC.matcher(bic).matches()) {
      throw new InvalidRequestException("not a valid BIC: " + bic);
    }
  }
}
