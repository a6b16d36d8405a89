package dev.ewallet.ledger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ed25519 checkpoint keys written as the PEM files configuration names (docs/operations.md,
 * "Checkpoint keys"), for instances that run outside local mode or rotate keys.
 */
public final class TestCheckpointKeys {

  private TestCheckpointKeys() {}

  public static KeyPair generate() {
    try {
      return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Settings that sign with a fresh key, valid from an hour ago. */
  static Map<String, Object> signing() {
    return signing(
        "test-" + System.nanoTime(),
        generate(),
        Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS));
  }

  /** Settings that sign with {@code pair} under {@code id}, valid from {@code validFrom}. */
  public static Map<String, Object> signing(String id, KeyPair pair, Instant validFrom) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("ledger.checkpoints.signing-key.id", id);
    settings.put(
        "ledger.checkpoints.signing-key.private-key",
        write(id + ".key", "PRIVATE KEY", pair.getPrivate().getEncoded()));
    settings.put("ledger.checkpoints.signing-key.public-key", publicKeyFile(id, pair));
    settings.put("ledger.checkpoints.signing-key.valid-from", validFrom.toString());
    return settings;
  }

  /** A PEM file of the pair's public key. */
  public static String publicKeyFile(String id, KeyPair pair) {
    return write(id + ".pub", "PUBLIC KEY", pair.getPublic().getEncoded());
  }

  private static String write(String name, String label, byte[] der) {
    try {
      Path dir =
          Files.createDirectories(
              Path.of(System.getProperty("java.io.tmpdir"), "ledger-test-checkpoint-keys"));
      Path file = dir.resolve(name);
      Files.writeString(
          file,
          "-----BEGIN "
              + label
              + "-----\n"
              + Base64.getMimeEncoder().encodeToString(der)
              + "\n-----END "
              + label
              + "-----\n");
      return file.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
