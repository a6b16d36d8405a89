package dev.ewallet.ledger.domain.checkpoint;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A customer account's state as a checkpoint commits to it: a leaf of the Merkle sum tree, whose
 * sum is the account's balance.
 *
 * <p>A leaf hashes 65 bytes (version 1): the byte {@code 0x00}, the account id, the balance and the
 * held amount (8 each, signed, big-endian), the end of the account's hash chain (32) and the id of
 * its newest entry (8, 0 before the first).
 *
 * @param balanceMinor what the business owes the account's owner; never negative
 * @param heldMinor what pending holds and withdrawals keep from it; never negative
 * @param chainHead the hash of its newest entry ({@link EntryHash#GENESIS} before the first)
 */
public record AccountLeaf(
    AccountId account, long balanceMinor, long heldMinor, EntryHash chainHead, long lastEntryId) {

  static final byte LEAF = 0x00;

  public AccountLeaf {
    Objects.requireNonNull(account, "account");
    Objects.requireNonNull(chainHead, "chainHead");
    if (balanceMinor < 0 || heldMinor < 0 || lastEntryId < 0) {
      throw new IllegalArgumentException(
          "account "
              + account
              + " has a negative balance, held amount or entry id: "
              + balanceMinor
              + ", "
              + heldMinor
              + ", "
              + lastEntryId);
    }
  }

  /** The leaf as a node of the tree. */
  public SumNode node() {
    ByteBuffer bytes =
        ByteBuffer.allocate(1 + 3 * Long.BYTES + EntryHash.BYTES + Long.BYTES)
            .put(LEAF)
            .putLong(account.value())
            .putLong(balanceMinor)
            .putLong(heldMinor)
            .put(chainHead.bytes())
            .putLong(lastEntryId);
    return new SumNode(NodeHash.sha256(bytes.array()), balanceMinor);
  }
}
