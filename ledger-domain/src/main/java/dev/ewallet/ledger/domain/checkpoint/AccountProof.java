package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.util.Objects;

/**
 * That an account is counted in a signed checkpoint: the checkpoint, the currency's tree and the
 * proof.
 */
public record AccountProof(SignedCheckpoint checkpoint, CurrencyCode currency, SumProof proof) {

  public AccountProof {
    Objects.requireNonNull(checkpoint, "checkpoint");
    Objects.requireNonNull(currency, "currency");
    Objects.requireNonNull(proof, "proof");
  }
}
