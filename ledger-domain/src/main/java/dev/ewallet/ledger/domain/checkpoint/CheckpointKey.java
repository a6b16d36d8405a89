package dev.ewallet.ledger.domain.checkpoint;

import java.security.PublicKey;
import java.time.Instant;
import java.util.Objects;

/**
 * A public key that checkpoints are verified with, and when its private key signed: from {@code
 * validFrom}, until {@code validTo} when it was retired. A checkpoint verifies with the key its
 * {@code keyId} names only if it was made while that key was valid, so a retired key that leaked
 * cannot sign checkpoints that pass for later ones.
 *
 * @param validTo {@code null} while the key signs
 */
public record CheckpointKey(String keyId, PublicKey publicKey, Instant validFrom, Instant validTo) {

  public CheckpointKey {
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(publicKey, "publicKey");
    Objects.requireNonNull(validFrom, "validFrom");
    if (validTo != null && !validTo.isAfter(validFrom)) {
      throw new IllegalArgumentException(
          "key " + keyId + " is valid to " + validTo + ", not after it is valid from " + validFrom);
    }
  }

  /** Whether a checkpoint made at {@code at} may carry this key's signature. */
  public boolean signedAt(Instant at) {
    return !at.isBefore(validFrom) && (validTo == null || at.isBefore(validTo));
  }

  /** Whether the checkpoint is signed by this key, names it, and was made while it was valid. */
  public boolean verifies(SignedCheckpoint signed) {
    return signed.checkpoint().keyId().equals(keyId)
        && signedAt(signed.checkpoint().createdAt())
        && signed.verifiesWith(publicKey);
  }
}
