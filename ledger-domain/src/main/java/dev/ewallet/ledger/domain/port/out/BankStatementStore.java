package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bank.StoredStatement;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The bank's files, their statements and lines, kept append-only like the journal: a file and what
 * was read from it are stored once and never changed; a line's resolution is recorded once.
 */
public interface BankStatementStore {

  /** The statement stored under these ids for this account, with its lines. */
  Optional<StoredStatement> find(BankAccountNumber account, String messageId, String statementId);

  /**
   * Stores the file and the statements read from it, with their lines, in the caller's unit of
   * work: all of them or, when it rolls back, none.
   *
   * @return each statement as stored, in order
   */
  List<StoredStatement> store(ReceivedFile file, List<BankStatement> statements);

  /**
   * Records how a line was resolved, unless it was before.
   *
   * @return whether this resolution was recorded (false: the line had one already)
   */
  boolean resolve(long lineId, LineResolution resolution);

  /** The stored line of this id, with its statement and resolution. */
  Optional<StoredLine> line(long lineId);

  /**
   * Lines of every statement by status, newest first, a keyset page.
   *
   * @param status {@code null} for every status
   * @param beforeId only lines with a smaller id; {@code null} from the newest
   */
  List<StoredLine> lines(LineStatus status, Long beforeId, int limit);

  /**
   * The unmatched lines the bank booked before {@code day}: how many, and the {@code limit} oldest
   * by booking date.
   */
  Overdue<StoredLine> unmatchedBookedBefore(LocalDate day, int limit);
}
