package dev.ewallet.ledger.adapter.checkpoint;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The keys checkpoints are signed and verified with ({@code ledger.checkpoints.*},
 * docs/operations.md, "Checkpoint keys"): the signing key from PEM files or a PKCS#12 keystore, and
 * the retired keys' public halves with their validity. Never read from the database.
 *
 * @param signingKey the key that signs now; outside {@code ledger.security.mode=local} it is
 *     required, in local mode a development key is generated when it is not set
 * @param retiredKeys keys that signed before, kept so that their checkpoints still verify
 */
@ConfigurationProperties("ledger.checkpoints")
record CheckpointKeyProperties(
    @DefaultValue SigningKeyFiles signingKey, @DefaultValue List<RetiredKey> retiredKeys) {

  /**
   * @param id the key id every checkpoint it signs names
   * @param privateKey a PEM file of the Ed25519 private key (PKCS#8, {@code BEGIN PRIVATE KEY})
   * @param publicKey a PEM file of its public key ({@code BEGIN PUBLIC KEY})
   * @param keystore instead of the two files: a PKCS#12 keystore holding the key and a certificate
   *     of its public key under {@code alias}
   * @param validFrom from when it signs
   */
  record SigningKeyFiles(
      String id,
      Path privateKey,
      Path publicKey,
      Path keystore,
      String keystorePassword,
      String alias,
      Instant validFrom) {

    boolean isSet() {
      return id != null && !id.isBlank();
    }
  }

  /**
   * @param publicKey a PEM file of the retired key's public key
   * @param validTo when it stopped signing: its successor's {@code valid-from}
   */
  record RetiredKey(String id, Path publicKey, Instant validFrom, Instant validTo) {}
}
