package dev.ewallet.ledger.domain.port.out;

import java.util.List;
import java.util.Optional;

/**
 * Where the bank's channel leaves statement files for the ledger to import (an incoming directory a
 * host-to-host or SFTP client writes to). A file is taken once it is complete; once imported it is
 * moved aside, and a file the ledger refuses is quarantined with the reason.
 */
public interface StatementInbox {

  /**
   * A waiting file's content and what it is.
   *
   * @param mediaType {@code application/xml} or {@code text/csv} by its name; {@code null} when the
   *     name says neither
   */
  record WaitingFile(String name, String mediaType, byte[] content) {}

  /** The names of the files waiting, oldest first, at most {@code limit}. */
  List<String> waiting(int limit);

  /**
   * The file's content; empty when it is gone (another instance took it).
   *
   * @throws IllegalArgumentException naming what is wrong when the file cannot be taken as it is
   *     (larger than a statement may be)
   */
  Optional<WaitingFile> take(String name);

  /** The file was imported (or had been): it leaves the inbox. */
  void imported(String name);

  /** The file was refused: it leaves the inbox for the quarantine, with the reason beside it. */
  void quarantine(String name, String reason);
}
