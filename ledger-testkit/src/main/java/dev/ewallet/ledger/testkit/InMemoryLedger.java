package dev.ewallet.ledger.testkit;

/**
 * Every storage out-port in memory over one {@link InMemoryStore}, for tests and for trying the
 * ledger out: each field is the adapter of one port (or of a few that share rows), and {@link
 * #store()} is the unit of work they all run in.
 */
public record InMemoryLedger(
    InMemoryStore store,
    InMemoryAccounts accounts,
    InMemoryJournal journal,
    InMemoryOutbox outbox,
    InMemoryBankFlows bankFlows,
    InMemoryMonitors monitors,
    InMemoryHotAccounts hotAccounts,
    InMemoryAccountReads reads,
    InMemoryLedgerAudit audit,
    InMemoryAuditTrail auditTrail) {

  /** An empty ledger whose system accounts have no shards. */
  public static InMemoryLedger create() {
    return create(0);
  }

  /** An empty ledger that opens each system account with {@code systemShards} shards. */
  public static InMemoryLedger create(int systemShards) {
    InMemoryStore store = new InMemoryStore();
    InMemoryBankFlows bankFlows = new InMemoryBankFlows(store);
    return new InMemoryLedger(
        store,
        new InMemoryAccounts(store, systemShards),
        new InMemoryJournal(store),
        new InMemoryOutbox(store),
        bankFlows,
        new InMemoryMonitors(store, bankFlows),
        new InMemoryHotAccounts(store),
        new InMemoryAccountReads(store, bankFlows),
        new InMemoryLedgerAudit(store, bankFlows),
        new InMemoryAuditTrail());
  }
}
