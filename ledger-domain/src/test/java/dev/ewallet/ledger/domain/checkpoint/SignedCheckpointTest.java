package dev.ewallet.ledger.domain.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SignedCheckpointTest {

  private static final UUID ID = UUID.fromString("0b4f6a44-5c1e-4f7e-9a55-3f2d2c1b0a99");
  private static final Instant AT = Instant.parse("2026-12-07T10:00:00.123456789Z");

  private static KeyPair ed25519() throws NoSuchAlgorithmException {
    return KeyPairGenerator.getInstance(SignedCheckpoint.ALGORITHM).generateKeyPair();
  }

  private static CurrencyTotals vnd(long system) {
    SumNode root =
        MerkleSumTree.build()
            .add(new AccountLeaf(AccountId.of(1), 700, 0, EntryHash.GENESIS, 4))
            .add(new AccountLeaf(AccountId.of(2), 300, 100, EntryHash.GENESIS, 9))
            .root();
    return new CurrencyTotals(CurrencyCode.of("VND"), root, system);
  }

  private static CurrencyTotals usd() {
    SumNode root =
        MerkleSumTree.build()
            .add(new AccountLeaf(AccountId.of(3), 50, 0, EntryHash.GENESIS, 7))
            .root();
    return new CurrencyTotals(CurrencyCode.of("USD"), root, -50);
  }

  private static Checkpoint checkpoint(long vndSystem, String keyId) {
    return new Checkpoint(ID, AT, 9, List.of(vnd(vndSystem), usd()), keyId);
  }

  @Test
  void aCheckpointSignedWithAKeyVerifiesWithItsPublicKeyOnly() throws Exception {
    KeyPair key = ed25519();
    SignedCheckpoint signed = SignedCheckpoint.sign(checkpoint(-1_000, "k1"), key.getPrivate());

    assertThat(signed.verifiesWith(key.getPublic())).isTrue();
    assertThat(signed.verifiesWith(ed25519().getPublic())).as("another key").isFalse();
    assertThat(signed.checkpoint().booksBalance()).isTrue();
  }

  @Test
  void theSignedContentReadsBackOnlyInItsCanonicalForm() {
    Checkpoint checkpoint = checkpoint(-1_000, "k1");
    byte[] content = checkpoint.signedContent();
    assertThat(Checkpoint.fromSignedContent(content)).isEqualTo(checkpoint);

    String json = new String(content, StandardCharsets.UTF_8);
    for (String altered :
        List.of(
            json.replace("{\"id\"", "{ \"id\""),
            json.replace("\"keyId\":\"k1\"", "\"keyId\":\"k1\",\"extra\":1"),
            json.replace("},{", "},,{"),
            json.replace("\"position\":9", "\"position\":09"),
            json.replace("\"currencies\":[", "\"currencies\":[{\"currency\":\"EUR\"},"),
            "{}")) {
      assertThatThrownBy(
              () -> Checkpoint.fromSignedContent(altered.getBytes(StandardCharsets.UTF_8)))
          .as(altered)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aRetiredKeyVerifiesOnlyWhatItSignedWhileValid() throws Exception {
    KeyPair key = ed25519();
    SignedCheckpoint signed = SignedCheckpoint.sign(checkpoint(-1_000, "k1"), key.getPrivate());
    CheckpointKey valid =
        new CheckpointKey("k1", key.getPublic(), AT.minusSeconds(60), AT.plusSeconds(1));
    CheckpointKey retiredBefore =
        new CheckpointKey("k1", key.getPublic(), AT.minusSeconds(60), AT.minusSeconds(1));
    CheckpointKey otherId = new CheckpointKey("k2", key.getPublic(), AT.minusSeconds(60), null);

    assertThat(valid.verifies(signed)).isTrue();
    assertThat(retiredBefore.verifies(signed)).isFalse();
    assertThat(otherId.verifies(signed)).isFalse();
  }

  @Test
  void anyChangedFieldBreaksTheSignature() throws Exception {
    KeyPair key = ed25519();
    SignedCheckpoint signed = SignedCheckpoint.sign(checkpoint(-1_000, "k1"), key.getPrivate());
    Checkpoint c = signed.checkpoint();
    CurrencyTotals honest = c.currencies().get(1);

    Checkpoint lowerTotal =
        new Checkpoint(
            c.id(),
            c.createdAt(),
            c.position(),
            List.of(
                c.currencies().get(0),
                new CurrencyTotals(
                    honest.currency(),
                    new SumNode(honest.root().hash(), honest.totalMinor() - 1),
                    honest.systemBalanceMinor())),
            c.keyId());
    Checkpoint otherKeyId =
        new Checkpoint(c.id(), c.createdAt(), c.position(), c.currencies(), "k2");
    Checkpoint later =
        new Checkpoint(c.id(), c.createdAt(), c.position() + 1, c.currencies(), c.keyId());
    Checkpoint oneCurrencyLess =
        new Checkpoint(c.id(), c.createdAt(), c.position(), List.of(honest), c.keyId());
    for (Checkpoint forged : new Checkpoint[] {lowerTotal, otherKeyId, later, oneCurrencyLess}) {
      assertThat(new SignedCheckpoint(forged, signed.signature()).verifiesWith(key.getPublic()))
          .isFalse();
    }
    assertThat(new SignedCheckpoint(c, "not base64!").verifiesWith(key.getPublic())).isFalse();
  }

  @Test
  void theSignedContentIsCanonicalJsonWithTheCurrenciesInOrder() {
    String json = new String(checkpoint(-1_000, "k1").signedContent(), StandardCharsets.UTF_8);

    assertThat(json)
        .startsWith(
            "{\"id\":\"0b4f6a44-5c1e-4f7e-9a55-3f2d2c1b0a99\","
                + "\"createdAt\":\"2026-12-07T10:00:00.123456Z\",\"position\":9,"
                + "\"currencies\":[{\"currency\":\"USD\",\"root\":\"")
        .contains("\"total\":50,\"systemBalance\":-50},{\"currency\":\"VND\",\"root\":\"")
        .endsWith("\"total\":1000,\"systemBalance\":-1000}],\"keyId\":\"k1\"}");
    assertThat(checkpoint(-999, "k1").booksBalance()).isFalse();
    assertThatThrownBy(() -> checkpoint(0, "a\"b")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Checkpoint(ID, AT, 9, List.of(usd(), usd()), "k1"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
