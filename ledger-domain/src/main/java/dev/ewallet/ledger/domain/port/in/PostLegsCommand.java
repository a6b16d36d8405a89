package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Post one transaction of several legs between wallets, atomically: every leg or none.
 *
 * @param legs 2 to {@link JournalTransaction#MAX_POSTINGS}, each account once, no zero amount; in
 *     each currency they must sum to zero, which is checked once the accounts' currencies are read
 */
public record PostLegsCommand(
    Caller caller, IdempotencyKey idempotencyKey, List<Leg> legs, TransactionDetails details) {

  /** One leg: a credit when {@code amountMinor} is positive, a debit when negative. */
  public record Leg(AccountId accountId, long amountMinor) {

    public Leg {
      CommandChecks.present(accountId, "accountId");
      if (amountMinor == 0) {
        throw new InvalidRequestException("a leg's amount must not be zero");
      }
    }
  }

  public PostLegsCommand {
    CommandChecks.present(caller, "caller");
    CommandChecks.present(idempotencyKey, "idempotencyKey");
    CommandChecks.present(legs, "postings");
    CommandChecks.present(details, "details");
    legs = List.copyOf(legs);
    if (legs.size() < 2 || legs.size() > JournalTransaction.MAX_POSTINGS) {
      throw new InvalidRequestException(
          "a posting takes 2 to " + JournalTransaction.MAX_POSTINGS + " legs, got " + legs.size());
    }
    Set<AccountId> accounts = new HashSet<>();
    for (Leg leg : legs) {
      if (!accounts.add(leg.accountId())) {
        throw new InvalidRequestException("account " + leg.accountId() + " appears in two legs");
      }
    }
  }

  public RequestFingerprint fingerprint() {
    List<Object> fields = new ArrayList<>();
    legs.forEach(leg -> {
      fields.add(leg.accountId());
      fields.add(leg.amountMinor());
    });
    fields.add(details);
    return RequestFingerprint.of("POSTING", fields.toArray());
  }
}
