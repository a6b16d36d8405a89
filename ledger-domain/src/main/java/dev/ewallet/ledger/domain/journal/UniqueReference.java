package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Objects;

/**
 * A reference that no other deposit of the currency may carry: the ledger's guard against booking
 * one bank credit twice. The journal enforces it with a unique index, so two deposits racing with
 * one reference cannot both post.
 */
public record UniqueReference(CurrencyCode currency, String reference) {

  public UniqueReference {
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(reference, "reference");
  }
}
