package dev.ewallet.ledger.adapter.checkpoint;

import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SigningKey;
import dev.ewallet.ledger.domain.port.out.CheckpointKeys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Checkpoint keys as configuration names them ({@link CheckpointKeyProperties}), loaded once at
 * start: a key that cannot be read, or a public key that does not verify what its private key
 * signs, stops the service from starting. In local mode without a configured key, a development key
 * is generated, and says so: its checkpoints verify only as long as this process runs.
 */
@Component
final class ConfiguredCheckpointKeysAdapter implements CheckpointKeys {

  private static final Logger LOG = LoggerFactory.getLogger(ConfiguredCheckpointKeysAdapter.class);

  private final SigningKey signing;
  private final List<CheckpointKey> published;

  ConfiguredCheckpointKeysAdapter(
      CheckpointKeyProperties properties,
      @Value("${ledger.security.mode:production}") String securityMode,
      Clock clock) {
    CheckpointKeyProperties.SigningKeyFiles files = properties.signingKey();
    KeyPair pair;
    String id;
    Instant validFrom;
    if (files.isSet()) {
      id = files.id();
      pair = files.keystore() != null ? fromKeystore(files) : fromPem(files);
      validFrom =
          Objects.requireNonNull(
              files.validFrom(), "ledger.checkpoints.signing-key.valid-from is required");
    } else if ("local".equalsIgnoreCase(securityMode)) {
      pair = generated();
      id = "dev-" + HexFormat.of().formatHex(sha256(pair.getPublic().getEncoded()), 0, 4);
      validFrom = clock.instant().truncatedTo(ChronoUnit.SECONDS);
      LOG.warn(
          "checkpoints are signed with the development key {}, generated at start: they verify"
              + " only while this process runs. Outside local mode set"
              + " ledger.checkpoints.signing-key (docs/operations.md, \"Checkpoint keys\")",
          id);
    } else {
      throw new IllegalStateException(
          "checkpoints need their signing key unless in local mode: set"
              + " ledger.checkpoints.signing-key (docs/operations.md, \"Checkpoint keys\")");
    }
    this.signing = new SigningKey(id, pair.getPrivate());
    CheckpointKey current = new CheckpointKey(id, pair.getPublic(), validFrom, null);
    proveThePair(signing, current);
    List<CheckpointKey> keys = new ArrayList<>();
    for (CheckpointKeyProperties.RetiredKey retired : properties.retiredKeys()) {
      keys.add(
          new CheckpointKey(
              retired.id(),
              publicKey(retired.publicKey()),
              retired.validFrom(),
              retired.validTo()));
    }
    keys.add(current);
    keys.sort(Comparator.comparing(CheckpointKey::validFrom));
    if (keys.stream().map(CheckpointKey::keyId).distinct().count() != keys.size()) {
      throw new IllegalStateException("two checkpoint keys share an id: " + keys);
    }
    this.published = List.copyOf(keys);
  }

  @Override
  public SigningKey signingKey() {
    return signing;
  }

  @Override
  public List<CheckpointKey> publicKeys() {
    return published;
  }

  /**
   * A private key whose public key is not the one published would sign unverifiable checkpoints.
   */
  private static void proveThePair(SigningKey signing, CheckpointKey current) {
    Checkpoint probe = new Checkpoint(new UUID(0, 0), Instant.EPOCH, 0, List.of(), signing.keyId());
    SignedCheckpoint signed;
    try {
      signed = SignedCheckpoint.sign(probe, signing.privateKey());
    } catch (IllegalArgumentException notEd25519) {
      throw new IllegalStateException(
          "checkpoint key " + signing.keyId() + " is no Ed25519 key", notEd25519);
    }
    if (!signed.verifiesWith(current.publicKey())) {
      throw new IllegalStateException(
          "checkpoint key " + signing.keyId() + ": the public key is not the private key's");
    }
  }

  private static KeyPair fromPem(CheckpointKeyProperties.SigningKeyFiles files) {
    try {
      PrivateKey privateKey =
          KeyFactory.getInstance(SignedCheckpoint.ALGORITHM)
              .generatePrivate(new PKCS8EncodedKeySpec(pem(files.privateKey(), "PRIVATE KEY")));
      return new KeyPair(publicKey(files.publicKey()), privateKey);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "cannot read the Ed25519 private key " + files.privateKey() + ": " + e.getMessage(), e);
    }
  }

  private static KeyPair fromKeystore(CheckpointKeyProperties.SigningKeyFiles files) {
    char[] password =
        files.keystorePassword() == null ? new char[0] : files.keystorePassword().toCharArray();
    try (InputStream in = Files.newInputStream(files.keystore())) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      Certificate certificate = store.getCertificate(files.alias());
      if (!(store.getKey(files.alias(), password) instanceof PrivateKey privateKey)
          || certificate == null) {
        throw new IllegalStateException(
            "keystore " + files.keystore() + " holds no key and certificate as " + files.alias());
      }
      return new KeyPair(certificate.getPublicKey(), privateKey);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException(
          "cannot read keystore " + files.keystore() + ": " + e.getMessage(), e);
    }
  }

  private static PublicKey publicKey(Path file) {
    try {
      return KeyFactory.getInstance(SignedCheckpoint.ALGORITHM)
          .generatePublic(new X509EncodedKeySpec(pem(file, "PUBLIC KEY")));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "cannot read the Ed25519 public key " + file + ": " + e.getMessage(), e);
    }
  }

  /** The DER inside a PEM file's {@code -----BEGIN <label>-----} block. */
  private static byte[] pem(Path file, String label) {
    if (file == null) {
      throw new IllegalStateException(
          "a checkpoint key's " + label.toLowerCase(Locale.ROOT) + " file is not set");
    }
    try {
      String text = Files.readString(file);
      String begin = "-----BEGIN " + label + "-----";
      String end = "-----END " + label + "-----";
      int from = text.indexOf(begin);
      int to = text.indexOf(end);
      if (from < 0 || to < from) {
        throw new IllegalStateException(file + " holds no " + begin + " block");
      }
      return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private static KeyPair generated() {
    try {
      return KeyPairGenerator.getInstance(SignedCheckpoint.ALGORITHM).generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this Java runtime has no Ed25519", e);
    }
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java runtime ships SHA-256", e);
    }
  }
}
