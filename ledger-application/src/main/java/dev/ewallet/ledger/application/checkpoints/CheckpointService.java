package dev.ewallet.ledger.application.checkpoints;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.checkpoint.AccountProof;
import dev.ewallet.ledger.domain.checkpoint.ChangeSink;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.CurrencyTotals;
import dev.ewallet.ledger.domain.checkpoint.MerkleSumTree;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SigningKey;
import dev.ewallet.ledger.domain.checkpoint.TreeChunk;
import dev.ewallet.ledger.domain.error.AccountNotFoundException;
import dev.ewallet.ledger.domain.error.CheckpointNotFoundException;
import dev.ewallet.ledger.domain.error.CheckpointRefusedException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.AccountProofQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CheckpointChangesQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointKeysQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointsQuery;
import dev.ewallet.ledger.domain.port.in.LatestCheckpointQuery;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointCommand;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.CheckpointKeys;
import dev.ewallet.ledger.domain.port.out.CheckpointStore;
import dev.ewallet.ledger.domain.port.out.CheckpointStore.BooksSnapshot;
import dev.ewallet.ledger.domain.port.out.CheckpointStore.Built;
import dev.ewallet.ledger.domain.port.out.CheckpointStore.SystemSide;
import dev.ewallet.ledger.domain.port.out.LedgerAudit;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Signed checkpoints and proofs (docs/proofs.md): checks the books, builds each currency's Merkle
 * sum tree from one snapshot's leaves as they stream, signs, and keeps; answers proofs from what
 * was kept.
 */
public final class CheckpointService
    implements MakeCheckpointUseCase,
        LatestCheckpointQuery,
        CheckpointQuery,
        CheckpointChangesQuery,
        CheckpointsQuery,
        CheckpointKeysQuery,
        AccountProofQuery {

  /** Enough breaks to find the cause; a broken ledger can have millions. */
  static final int MAX_BREAKS = 100;

  private static final Comparator<CurrencyCode> IN_CODE_ORDER =
      Comparator.comparing(CurrencyCode::value);

  private final CheckpointStore store;
  private final CheckpointKeys keys;
  private final LedgerAudit audit;
  private final AccountRepository accounts;
  private final Clock clock;

  public CheckpointService(
      CheckpointStore store,
      CheckpointKeys keys,
      LedgerAudit audit,
      AccountRepository accounts,
      Clock clock) {
    this.store = store;
    this.keys = keys;
    this.audit = audit;
    this.accounts = accounts;
    this.clock = clock;
  }

  @Override
  public SignedCheckpoint makeCheckpoint(MakeCheckpointCommand command) {
    command.caller().requireOperator();
    List<ReconciliationMismatch> breaks = new ArrayList<>(audit.accountMismatches(MAX_BREAKS));
    breaks.addAll(audit.hashChainMismatches(MAX_BREAKS));
    breaks.addAll(store.leavesNotInJournal(MAX_BREAKS));
    if (!breaks.isEmpty()) {
      throw refusal(breaks, store.lastHolding(breaks));
    }
    SigningKey key = keys.signingKey();
    return store.record(snapshot -> build(snapshot, key));
  }

  /**
   * One tree per currency fed as the leaves stream; the currencies whose customer and system
   * accounts do not add up to zero refuse the whole checkpoint before anything is signed.
   */
  private Built build(BooksSnapshot snapshot, SigningKey key) {
    SystemSide system = snapshot.systemSide();
    Map<CurrencyCode, MerkleSumTree> trees = new TreeMap<>(IN_CODE_ORDER);
    long newestLeafEntry =
        snapshot.leaves((currency, leaf) ->
            trees.computeIfAbsent(currency, any -> MerkleSumTree.build()).add(leaf));
    List<CurrencyTotals> totals = new ArrayList<>();
    Map<CurrencyCode, List<TreeChunk>> chunks = new LinkedHashMap<>();
    List<ReconciliationMismatch> unbalanced = new ArrayList<>();
    Map<CurrencyCode, Long> systemBalances = new TreeMap<>(IN_CODE_ORDER);
    systemBalances.putAll(system.balances());
    trees.forEach((currency, tree) -> {
      CurrencyTotals currencyTotals =
          new CurrencyTotals(currency, tree.root(), systemBalances.getOrDefault(currency, 0L));
      totals.add(currencyTotals);
      chunks.put(currency, tree.chunks());
      if (!currencyTotals.booksBalance()) {
        unbalanced.add(unbalanced(currency, currencyTotals.systemBalanceMinor()));
      }
    });
    systemBalances.forEach((currency, balance) -> {
      if (!trees.containsKey(currency) && balance != 0) {
        unbalanced.add(unbalanced(currency, balance));
      }
    });
    if (!unbalanced.isEmpty()) {
      throw refusal(unbalanced, store.latest());
    }
    Checkpoint checkpoint =
        new Checkpoint(
            UUID.randomUUID(),
            clock.instant(),
            Math.max(newestLeafEntry, system.newestEntryId()),
            totals,
            key.keyId());
    requireValidAt(key, checkpoint);
    return new Built(SignedCheckpoint.sign(checkpoint, key.privateKey()), chunks);
  }

  /**
   * A key signs only within its published validity: before a rotation's switch time an instance
   * with the new key makes no checkpoint (the old key still signs), so no checkpoint is ever signed
   * by a key its verifiers would reject for that time.
   */
  private void requireValidAt(SigningKey key, Checkpoint checkpoint) {
    boolean valid =
        keys.publicKeys().stream()
            .anyMatch(published ->
                published.keyId().equals(key.keyId())
                    && published.signedAt(checkpoint.createdAt()));
    if (!valid) {
      throw new CheckpointRefusedException(
          List.of(
              new CheckpointRefusedException.Break(
                  CheckpointRefusedException.SIGNING_KEY_NOT_VALID, null, null, null)),
          store.latest().map(latest -> latest.checkpoint().id()));
    }
  }

  private static CheckpointRefusedException refusal(
      List<ReconciliationMismatch> breaks, Optional<SignedCheckpoint> lastHolding) {
    return new CheckpointRefusedException(
        breaks.stream()
            .map(found ->
                new CheckpointRefusedException.Break(
                    found.kind().name(), found.accountId(), found.entryId(), found.currency()))
            .toList(),
        lastHolding.map(holding -> holding.checkpoint().id()));
  }

  private static ReconciliationMismatch unbalanced(CurrencyCode currency, long systemBalance) {
    return new ReconciliationMismatch(
        ReconciliationMismatch.Kind.CURRENCY_SUM_NOT_ZERO,
        null,
        null,
        currency.value(),
        -systemBalance,
        0);
  }

  @Override
  public SignedCheckpoint latestCheckpoint(Caller caller) {
    return store
        .latest()
        .orElseThrow(() -> new CheckpointNotFoundException("no checkpoint has been made yet"));
  }

  @Override
  public SignedCheckpoint checkpoint(Caller caller, UUID id) {
    return store.byId(id).orElseThrow(() -> new CheckpointNotFoundException("no checkpoint " + id));
  }

  @Override
  public void checkpointChanges(Caller caller, UUID id, ChangeSink sink) {
    caller.requireOperator();
    SignedCheckpoint checkpoint = checkpoint(caller, id);
    sink.start(checkpoint, store.previous(checkpoint).orElse(null));
    store.changes(checkpoint, sink);
  }

  @Override
  public List<SignedCheckpoint> checkpoints(Caller caller, Instant from, Instant to, int limit) {
    if (from != null && to != null && !from.isBefore(to)) {
      throw new InvalidRequestException("from must be before to");
    }
    if (limit < 1 || limit > 100) {
      throw new InvalidRequestException("limit must be 1 to 100");
    }
    return store.between(
        from == null ? Instant.EPOCH : from, to == null ? clock.instant() : to, limit);
  }

  @Override
  public List<CheckpointKey> checkpointKeys(Caller caller) {
    return keys.publicKeys();
  }

  @Override
  public AccountProof accountProof(Caller caller, AccountId accountId, UUID checkpointId) {
    Account account = accounts.existing(accountId);
    caller.requireOwnerOrOperator(account);
    SignedCheckpoint checkpoint =
        checkpointId == null ? latestCheckpoint(caller) : checkpoint(caller, checkpointId);
    return store
        .proof(checkpoint, accountId)
        .orElseThrow(() -> new AccountNotFoundException(accountId.value()));
  }
}
