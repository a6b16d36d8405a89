package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsCommand;
import dev.ewallet.ledger.domain.port.in.ImportBankStatementsUseCase;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxCommand;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxUseCase;
import dev.ewallet.ledger.domain.port.out.StatementInbox;
import dev.ewallet.ledger.domain.port.out.StatementInbox.WaitingFile;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Imports the files the bank's channel leaves in the {@link StatementInbox}, each through the same
 * import as {@code POST /v1/bank-statements}: stored once, matched, settled. A refusal for what the
 * file says (malformed, invalid against its schema, unbalanced, for an unknown account, in conflict
 * with an earlier import, too large) quarantines it with the reason; a failure of the ledger itself
 * (overloaded, the database unreachable) leaves it for the next pass.
 */
public final class StatementInboxService implements ImportStatementInboxUseCase {

  private static final System.Logger LOG = System.getLogger(StatementInboxService.class.getName());

  /** The most files one pass takes; the rest wait for the next. */
  static final int FILES_PER_PASS = 50;

  private final StatementInbox inbox;
  private final ImportBankStatementsUseCase imports;

  public StatementInboxService(StatementInbox inbox, ImportBankStatementsUseCase imports) {
    this.inbox = inbox;
    this.imports = imports;
  }

  @Override
  public InboxRun importWaiting(ImportStatementInboxCommand command) {
    Caller caller = command.caller();
    caller.requireOperator();
    List<String> imported = new ArrayList<>();
    List<String> quarantined = new ArrayList<>();
    for (String name : inbox.waiting(FILES_PER_PASS)) {
      Optional<WaitingFile> taken;
      try {
        taken = inbox.take(name);
      } catch (IllegalArgumentException refused) {
        quarantine(name, refused.getMessage(), quarantined);
        continue;
      }
      if (taken.isEmpty()) {
        continue;
      }
      WaitingFile file = taken.get();
      if (file.mediaType() == null) {
        quarantine(name, "the name ends in neither .xml nor .csv", quarantined);
        continue;
      }
      try {
        imports.importStatements(
            new ImportBankStatementsCommand(caller, file.content(), file.mediaType(), false));
      } catch (OverloadedException | OutcomeUnknownException notNow) {
        LOG.log(Level.WARNING, "statement file {0} waits for the next pass: {1}", name, notNow);
        break;
      } catch (LedgerException refused) {
        quarantine(name, refused.getMessage(), quarantined);
        continue;
      }
      inbox.imported(name);
      imported.add(name);
    }
    return new InboxRun(imported, quarantined);
  }

  private void quarantine(String name, String reason, List<String> quarantined) {
    LOG.log(Level.WARNING, "statement file {0} is quarantined: {1}", name, reason);
    inbox.quarantine(name, reason);
    quarantined.add(name);
  }
}
