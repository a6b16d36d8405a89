package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One page of an account's history, newest first.
 *
 * @param next where the next page starts (exclusive), or {@code null} on the last page
 */
public record EntriesPage(List<LedgerEntry> items, HistoryPosition next) {

  public EntriesPage {
    items = List.copyOf(items);
  }

  /**
   * Names the page's content: entries are never changed once written, so the ids of the entries on
   * it and where the next page starts are all it shows. 128 bits of the SHA-256 over them, so a
   * different page never shares a revision in practice, whatever its length. A newest page gets a
   * new revision with every entry that reaches it, a merchant's too when an older entry of a shard
   * commits after a newer one of another.
   */
  public String revision() {
    ByteBuffer ids = ByteBuffer.allocate(Long.BYTES * (items.size() + 1));
    items.forEach(entry -> ids.putLong(entry.entryId()));
    ids.putLong(next == null ? 0 : next.entryId());
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(ids.array());
      return HexFormat.of().formatHex(digest, 0, 16);
    } catch (NoSuchAlgorithmException missing) {
      throw new IllegalStateException("every Java runtime ships SHA-256", missing);
    }
  }
}
