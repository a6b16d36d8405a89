package dev.ewallet.ledger.application.flows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxCommand;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxUseCase.InboxRun;
import dev.ewallet.ledger.domain.port.in.StatementImport;
import dev.ewallet.ledger.domain.port.out.StatementInbox;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A pass over the inbox: imported files leave it, refused ones are quarantined with the reason, and
 * a failure of the ledger itself leaves the file and stops the pass.
 */
class StatementInboxServiceTest {

  /** An inbox over a map, recording where each file went. */
  private static final class Inbox implements StatementInbox {
    final Map<String, String> waiting = new LinkedHashMap<>();
    final List<String> imported = new ArrayList<>();
    final Map<String, String> quarantined = new LinkedHashMap<>();

    @Override
    public List<String> waiting(int limit) {
      return waiting.keySet().stream().limit(limit).toList();
    }

    @Override
    public Optional<WaitingFile> take(String name) {
      String content = waiting.get(name);
      if ("too big".equals(content)) {
        throw new IllegalArgumentException("the file has 99 bytes; at most 10");
      }
      String type =
          name.endsWith(".xml") ? "application/xml" : name.endsWith(".csv") ? "text/csv" : null;
      return Optional.ofNullable(content).map(c -> new WaitingFile(name, type, c.getBytes()));
    }

    @Override
    public void imported(String name) {
      waiting.remove(name);
      imported.add(name);
    }

    @Override
    public void quarantine(String name, String reason) {
      waiting.remove(name);
      quarantined.put(name, reason);
    }
  }

  private final Inbox inbox = new Inbox();
  private final List<String> importedContents = new ArrayList<>();

  private final StatementInboxService service =
      new StatementInboxService(
          inbox,
          command -> {
            String content = new String(command.file());
            switch (content) {
              case "malformed" -> throw new StatementInvalidException("not well-formed");
              case "database down" -> throw new OverloadedException("the pool is exhausted");
              default -> importedContents.add(content + " as " + command.mediaType());
            }
            return new StatementImport(false, List.of());
          });

  @Test
  void eachFileIsImportedOrQuarantinedWithItsReason() {
    inbox.waiting.put("a.xml", "statement a");
    inbox.waiting.put("b.xml", "malformed");
    inbox.waiting.put("c.txt", "memo");
    inbox.waiting.put("d.csv", "too big");
    inbox.waiting.put("e.csv", "statement e");

    InboxRun run = service.importWaiting(new ImportStatementInboxCommand(Caller.system()));

    assertThat(run.imported()).containsExactly("a.xml", "e.csv");
    assertThat(run.quarantined()).containsExactly("b.xml", "c.txt", "d.csv");
    assertThat(importedContents)
        .containsExactly("statement a as application/xml", "statement e as text/csv");
    assertThat(inbox.quarantined)
        .containsEntry("b.xml", "not well-formed")
        .containsEntry("c.txt", "the name ends in neither .xml nor .csv")
        .containsEntry("d.csv", "the file has 99 bytes; at most 10");
    assertThat(inbox.waiting).isEmpty();
  }

  @Test
  void aLedgerThatCannotImportNowLeavesTheFileForTheNextPass() {
    inbox.waiting.put("a.xml", "database down");
    inbox.waiting.put("b.xml", "statement b");

    InboxRun run = service.importWaiting(new ImportStatementInboxCommand(Caller.system()));

    assertThat(run.imported()).isEmpty();
    assertThat(run.quarantined()).isEmpty();
    assertThat(inbox.waiting).containsOnlyKeys("a.xml", "b.xml");
  }

  @Test
  void onlyOperatorsRunIt() {
    assertThatThrownBy(() -> service.importWaiting(new ImportStatementInboxCommand(Caller.user(7))))
        .isInstanceOf(AccessDeniedException.class);
  }
}
