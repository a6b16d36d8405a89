package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.SigningKey;
import java.util.List;

/**
 * The keys checkpoints are signed and verified with, loaded from where configuration names them,
 * never from the ledger's database (docs/proofs.md, docs/operations.md).
 */
public interface CheckpointKeys {

  /** The key that signs now. */
  SigningKey signingKey();

  /** Every public key, the signing one's and the retired ones', oldest first. */
  List<CheckpointKey> publicKeys();
}
