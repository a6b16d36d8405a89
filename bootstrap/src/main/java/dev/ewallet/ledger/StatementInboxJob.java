package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxCommand;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxUseCase;
import dev.ewallet.ledger.domain.port.in.ImportStatementInboxUseCase.InboxRun;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every {@code ledger.bank.incoming-poll} (a minute by default), imports the statement files the
 * bank's channel left in {@code ledger.bank.incoming-dir} (docs/bank-reconciliation.md). Several
 * instances may poll one directory: an import is idempotent and a file is moved aside once.
 */
@Component
class StatementInboxJob {

  private static final Logger LOG = LoggerFactory.getLogger(StatementInboxJob.class);

  private final ImportStatementInboxUseCase inbox;

  StatementInboxJob(ImportStatementInboxUseCase inbox) {
    this.inbox = inbox;
  }

  @Scheduled(
      fixedDelayString = "${ledger.bank.incoming-poll:PT1M}",
      initialDelayString = "${ledger.bank.incoming-poll:PT1M}")
  void poll() {
    try {
      InboxRun run = inbox.importWaiting(new ImportStatementInboxCommand(Caller.system()));
      if (!run.imported().isEmpty() || !run.quarantined().isEmpty()) {
        LOG.info("statement inbox: imported {}, quarantined {}", run.imported(), run.quarantined());
      }
    } catch (RuntimeException failed) {
      LOG.warn("statement inbox: the pass failed, the files wait for the next one", failed);
    }
  }
}
