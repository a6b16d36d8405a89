package dev.ewallet.ledger.adapter.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.TestCheckpointKeys;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoint keys as configuration names them: PEM files or a PKCS#12 keystore, retired keys beside
 * the signing one; a pair that does not match, a duplicate id or no key outside local mode stops
 * the start; local mode generates a development key.
 */
class ConfiguredCheckpointKeysAdapterTest {

  private static final Instant FROM = Instant.parse("2026-12-01T00:00:00Z");
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-07T12:00:00Z"), ZoneOffset.UTC);

  @TempDir Path dir;

  private static CheckpointKeyProperties.SigningKeyFiles files(Map<String, Object> settings) {
    return new CheckpointKeyProperties.SigningKeyFiles(
        (String) settings.get("ledger.checkpoints.signing-key.id"),
        Path.of((String) settings.get("ledger.checkpoints.signing-key.private-key")),
        Path.of((String) settings.get("ledger.checkpoints.signing-key.public-key")),
        null,
        null,
        null,
        Instant.parse((String) settings.get("ledger.checkpoints.signing-key.valid-from")));
  }

  private static ConfiguredCheckpointKeysAdapter keys(
      CheckpointKeyProperties.SigningKeyFiles signing,
      List<CheckpointKeyProperties.RetiredKey> retired,
      String mode) {
    return new ConfiguredCheckpointKeysAdapter(
        new CheckpointKeyProperties(signing, retired), mode, CLOCK);
  }

  private static boolean signsVerifiably(ConfiguredCheckpointKeysAdapter keys) {
    SignedCheckpoint signed =
        SignedCheckpoint.sign(
            new Checkpoint(
                UUID.randomUUID(), CLOCK.instant(), 1, List.of(), keys.signingKey().keyId()),
            keys.signingKey().privateKey());
    return keys.publicKeys().stream().anyMatch(key -> key.verifies(signed));
  }

  @Test
  void aPemPairSignsAndRetiredKeysArePublishedOldestFirst() {
    KeyPair old = TestCheckpointKeys.generate();
    ConfiguredCheckpointKeysAdapter keys =
        keys(
            files(TestCheckpointKeys.signing("pem-2", TestCheckpointKeys.generate(), FROM)),
            List.of(
                new CheckpointKeyProperties.RetiredKey(
                    "pem-1",
                    Path.of(TestCheckpointKeys.publicKeyFile("pem-1", old)),
                    FROM.minusSeconds(86_400),
                    FROM)),
            "production");

    assertThat(keys.signingKey().keyId()).isEqualTo("pem-2");
    assertThat(keys.publicKeys())
        .extracting(CheckpointKey::keyId)
        .containsExactly("pem-1", "pem-2");
    assertThat(keys.publicKeys().get(1).validTo()).isNull();
    assertThat(signsVerifiably(keys)).isTrue();
  }

  @Test
  void aPairThatDoesNotMatchADuplicateIdOrNoKeyOutsideLocalModeStopsTheStart() {
    Map<String, Object> mine =
        TestCheckpointKeys.signing("mine", TestCheckpointKeys.generate(), FROM);
    CheckpointKeyProperties.SigningKeyFiles mismatched =
        new CheckpointKeyProperties.SigningKeyFiles(
            "mine",
            files(mine).privateKey(),
            Path.of(TestCheckpointKeys.publicKeyFile("other", TestCheckpointKeys.generate())),
            null,
            null,
            null,
            FROM);
    assertThatThrownBy(() -> keys(mismatched, List.of(), "production"))
        .hasMessageContaining("the public key is not the private key's");
    assertThatThrownBy(() ->
            keys(
                files(mine),
                List.of(
                    new CheckpointKeyProperties.RetiredKey(
                        "mine", files(mine).publicKey(), FROM.minusSeconds(60), FROM)),
                "production"))
        .hasMessageContaining("share an id");
    CheckpointKeyProperties.SigningKeyFiles none =
        new CheckpointKeyProperties.SigningKeyFiles(null, null, null, null, null, null, null);
    assertThatThrownBy(() -> keys(none, List.of(), "production"))
        .hasMessageContaining("checkpoints need their signing key");

    ConfiguredCheckpointKeysAdapter development = keys(none, List.of(), "local");
    assertThat(development.signingKey().keyId()).startsWith("dev-");
    assertThat(signsVerifiably(development)).isTrue();
  }

  @Test
  void aKeystoreMadeByKeytoolSigns() throws Exception {
    Path keystore = dir.resolve("checkpoints.p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-keyalg",
                "Ed25519",
                "-alias",
                "checkpoint-2026-12",
                "-keystore",
                keystore.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                "changeit",
                "-dname",
                "CN=ledger-checkpoints")
            .inheritIO()
            .start();
    assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(keytool.exitValue()).isZero();

    ConfiguredCheckpointKeysAdapter keys =
        keys(
            new CheckpointKeyProperties.SigningKeyFiles(
                "checkpoint-2026-12", null, null, keystore, "changeit", "checkpoint-2026-12", FROM),
            List.of(),
            "production");
    assertThat(signsVerifiably(keys)).isTrue();
    assertThatThrownBy(() ->
            keys(
                new CheckpointKeyProperties.SigningKeyFiles(
                    "checkpoint-2026-12", null, null, keystore, "changeit", "no-such-alias", FROM),
                List.of(),
                "production"))
        .hasMessageContaining("holds no key and certificate");
  }
}
