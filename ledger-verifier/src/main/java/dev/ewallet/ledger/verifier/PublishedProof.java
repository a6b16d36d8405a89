package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SumProof;
import dev.ewallet.ledger.domain.money.CurrencyCode;

/**
 * An account's proof as {@code GET /v1/accounts/{id}/proof} gives it: the checkpoint, the currency
 * whose tree holds the account, and the leaf with its path (format version 1).
 */
public record PublishedProof(SignedCheckpoint checkpoint, CurrencyCode currency, SumProof proof) {}
