package dev.ewallet.ledger.testkit;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.LineStatus;
import dev.ewallet.ledger.domain.bank.Overdue;
import dev.ewallet.ledger.domain.bank.ReceivedFile;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
import dev.ewallet.ledger.domain.bank.StoredStatement;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.port.out.BankStatementStore;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bank's statements in memory. Like the journal's in-memory adapter it does not roll back: what
 * a unit of work stored stays even if the work throws afterwards.
 */
public final class InMemoryBankStatements implements BankStatementStore {

  private record Stored(long id, BankStatement statement, List<Long> lineIds) {}

  private record Line(long id, BankStatement statement, StatementLine line) {}

  private final Map<String, Stored> statements = new LinkedHashMap<>();
  private final Map<Long, Line> lines = new LinkedHashMap<>();
  private final Map<Long, LineResolution> resolutions = new HashMap<>();
  private final List<ReceivedFile> files = new ArrayList<>();
  private long nextId = 1;

  private static String key(BankAccountNumber account, String messageId, String statementId) {
    return account.value() + "/" + messageId + "/" + statementId;
  }

  @Override
  public synchronized Optional<StoredStatement> find(
      BankAccountNumber account, String messageId, String statementId) {
    return Optional.ofNullable(statements.get(key(account, messageId, statementId)))
        .map(this::stored);
  }

  @Override
  public synchronized List<StoredStatement> store(ReceivedFile file, List<BankStatement> received) {
    files.add(file);
    List<StoredStatement> stored = new ArrayList<>();
    for (BankStatement statement : received) {
      String key = key(statement.account(), statement.messageId(), statement.statementId());
      if (statements.containsKey(key)) {
        throw new IllegalStateException("statement " + key + " is stored already");
      }
      List<Long> lineIds = new ArrayList<>();
      for (StatementLine line : statement.lines()) {
        long id = nextId++;
        lines.put(id, new Line(id, statement, line));
        lineIds.add(id);
      }
      Stored row = new Stored(nextId++, statement, lineIds);
      statements.put(key, row);
      stored.add(stored(row));
    }
    return stored;
  }

  @Override
  public synchronized boolean resolve(long lineId, LineResolution resolution) {
    if (!lines.containsKey(lineId)) {
      throw new IllegalArgumentException("no statement line " + lineId);
    }
    return resolutions.putIfAbsent(lineId, resolution) == null;
  }

  @Override
  public synchronized Optional<StoredLine> line(long lineId) {
    return Optional.ofNullable(lines.get(lineId)).map(this::storedLine);
  }

  @Override
  public synchronized List<StoredLine> lines(LineStatus status, Long beforeId, int limit) {
    List<Line> newestFirst = new ArrayList<>(lines.values());
    Collections.reverse(newestFirst);
    return newestFirst.stream()
        .filter(line -> beforeId == null || line.id() < beforeId)
        .map(this::storedLine)
        .filter(line -> status == null || line.status() == status)
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized Overdue<StoredLine> unmatchedBookedBefore(LocalDate day, int limit) {
    List<StoredLine> stale =
        lines.values().stream()
            .map(this::storedLine)
            .filter(line -> line.status() == LineStatus.UNMATCHED)
            .filter(line -> line.line().bookingDate().isBefore(day))
            .sorted(
                Comparator.comparing((StoredLine line) -> line.line().bookingDate())
                    .thenComparing(StoredLine::id))
            .toList();
    return new Overdue<>(stale.size(), stale.stream().limit(limit).toList());
  }

  /** The files stored so far, in order. */
  public synchronized List<ReceivedFile> files() {
    return List.copyOf(files);
  }

  private StoredStatement stored(Stored row) {
    return new StoredStatement(
        row.id(),
        row.statement().fingerprint(),
        row.lineIds().stream().map(id -> storedLine(lines.get(id))).toList());
  }

  private StoredLine storedLine(Line line) {
    return new StoredLine(
        line.id(),
        line.statement().messageId(),
        line.statement().statementId(),
        line.statement().account(),
        line.line(),
        resolutions.get(line.id()));
  }
}
