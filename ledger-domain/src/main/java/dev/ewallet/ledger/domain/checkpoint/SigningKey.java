package dev.ewallet.ledger.domain.checkpoint;

import java.security.PrivateKey;
import java.util.Objects;

/**
 * The private key checkpoints are signed with now, and the id its public key is published under.
 */
public record SigningKey(String keyId, PrivateKey privateKey) {

  public SigningKey {
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(privateKey, "privateKey");
  }

  @Override
  public String toString() {
    return "SigningKey[" + keyId + "]";
  }
}
