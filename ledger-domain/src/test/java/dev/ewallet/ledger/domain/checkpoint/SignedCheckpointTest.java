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
import org.junit.jupiter.api.Test;

class SignedCheckpointTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");

  private static KeyPair ed25519() throws NoSuchAlgorithmException {
    return KeyPairGenerator.getInstance(SignedCheckpoint.ALGORITHM).generateKeyPair();
  }

  private static Checkpoint checkpoint(long system, String keyId) {
    SumNode root =
        MerkleSumTree.build()
            .add(new AccountLeaf(AccountId.of(1), 700, 0, EntryHash.GENESIS, 4))
            .add(new AccountLeaf(AccountId.of(2), 300, 100, EntryHash.GENESIS, 9))
            .root();
    return new Checkpoint(
        VND, root, 2, system, 9, Instant.parse("2026-12-07T10:00:00.123456789Z"), keyId);
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
  void anyChangedFieldBreaksTheSignature() throws Exception {
    KeyPair key = ed25519();
    SignedCheckpoint signed = SignedCheckpoint.sign(checkpoint(-1_000, "k1"), key.getPrivate());
    Checkpoint c = signed.checkpoint();

    Checkpoint lowerTotal =
        new Checkpoint(
            c.currency(),
            new SumNode(c.root().hash(), c.root().sumMinor() - 1),
            c.accounts(),
            c.systemBalanceMinor(),
            c.journalPosition(),
            c.at(),
            c.keyId());
    Checkpoint otherKeyId =
        new Checkpoint(
            c.currency(),
            c.root(),
            c.accounts(),
            c.systemBalanceMinor(),
            c.journalPosition(),
            c.at(),
            "k2");
    Checkpoint later =
        new Checkpoint(
            c.currency(),
            c.root(),
            c.accounts(),
            c.systemBalanceMinor(),
            c.journalPosition() + 1,
            c.at(),
            c.keyId());
    for (Checkpoint forged : new Checkpoint[] {lowerTotal, otherKeyId, later}) {
      assertThat(new SignedCheckpoint(forged, signed.signature()).verifiesWith(key.getPublic()))
          .isFalse();
    }
    assertThat(new SignedCheckpoint(c, "not base64!").verifiesWith(key.getPublic())).isFalse();
  }

  @Test
  void theSignedTextIsVersionedLinesInAFixedOrder() {
    String text = new String(checkpoint(-1_000, "k1").signedText(), StandardCharsets.UTF_8);

    assertThat(text)
        .startsWith("wallet-ledger-checkpoint/1\ncurrency=VND\nroot=")
        .contains("\ntotal=1000\naccounts=2\nsystem=-1000\nposition=9\n")
        .endsWith("\nat=2026-12-07T10:00:00.123456Z\nkey=k1\n");
    assertThat(checkpoint(-999, "k1").booksBalance()).isFalse();
    assertThatThrownBy(() -> checkpoint(0, "a=b")).isInstanceOf(IllegalArgumentException.class);
  }
}
