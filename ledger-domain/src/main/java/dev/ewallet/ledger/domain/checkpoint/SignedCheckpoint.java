package dev.ewallet.ledger.domain.checkpoint;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.Objects;

/**
 * A checkpoint with its Ed25519 signature over {@link Checkpoint#signedContent}, made with the
 * JDK's own {@link Signature}. Anyone holding the signer's public key checks it without the
 * service.
 *
 * @param signature the signature, Base64
 */
public record SignedCheckpoint(Checkpoint checkpoint, String signature) {

  /** The type of the event that publishes a signed checkpoint (docs/events.md). */
  public static final String EVENT_TYPE = "checkpoint.signed";

  /** The signature algorithm, as the JDK names it. */
  public static final String ALGORITHM = "Ed25519";

  public SignedCheckpoint {
    Objects.requireNonNull(checkpoint, "checkpoint");
    Objects.requireNonNull(signature, "signature");
  }

  /** Signs the checkpoint with an Ed25519 private key. */
  public static SignedCheckpoint sign(Checkpoint checkpoint, PrivateKey key) {
    try {
      Signature signer = Signature.getInstance(ALGORITHM);
      signer.initSign(key);
      signer.update(checkpoint.signedContent());
      return new SignedCheckpoint(checkpoint, Base64.getEncoder().encodeToString(signer.sign()));
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("the key cannot sign " + ALGORITHM + ": " + e, e);
    }
  }

  /**
   * Whether the signature is {@code key}'s over the checkpoint as stated: any changed field, or
   * another key, fails.
   */
  public boolean verifiesWith(PublicKey key) {
    try {
      Signature verifier = Signature.getInstance(ALGORITHM);
      verifier.initVerify(key);
      verifier.update(checkpoint.signedContent());
      return verifier.verify(Base64.getDecoder().decode(signature));
    } catch (GeneralSecurityException | IllegalArgumentException unreadable) {
      return false;
    }
  }
}
