package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.CheckpointKey;
import dev.ewallet.ledger.domain.checkpoint.CurrencyTotals;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.checkpoint.SumNode;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks what the ledger publishes with nothing but the public keys: a signed checkpoint, a proof
 * that an account is counted in one, a statement against the checkpoints that counted its account,
 * and a run of checkpoints (docs/proofs.md). Each answer is valid, or invalid with the first point
 * of divergence. Holds no state; every method may be called from any thread.
 */
public final class LedgerVerifier {

  private final List<CheckpointKey> keys;

  /**
   * A verifier trusting these public keys (as {@code GET /v1/checkpoints/public-keys} lists them).
   */
  public LedgerVerifier(List<CheckpointKey> keys) {
    this.keys = List.copyOf(keys);
  }

  /**
   * Whether the checkpoint is signed by the key it names, while that key was valid, and states
   * books that balance: every currency's customer total and system balance add up to zero.
   */
  public Verdict checkpoint(SignedCheckpoint signed) {
    Checkpoint checkpoint = signed.checkpoint();
    Optional<CheckpointKey> key =
        keys.stream().filter(found -> found.keyId().equals(checkpoint.keyId())).findFirst();
    if (key.isEmpty()) {
      return Verdict.invalid(
          "checkpoint " + checkpoint.id() + " names key " + checkpoint.keyId() + ", not published");
    }
    if (!key.get().signedAt(checkpoint.createdAt())) {
      return Verdict.invalid(
          "checkpoint "
              + checkpoint.id()
              + " was made at "
              + checkpoint.createdAt()
              + ", outside key "
              + checkpoint.keyId()
              + "'s validity ("
              + key.get().validFrom()
              + " to "
              + (key.get().validTo() == null ? "now" : key.get().validTo())
              + ")");
    }
    if (!signed.verifiesWith(key.get().publicKey())) {
      return Verdict.invalid(
          "checkpoint "
              + checkpoint.id()
              + ": the signature is not key "
              + checkpoint.keyId()
              + "'s over the signed content");
    }
    for (CurrencyTotals totals : checkpoint.currencies()) {
      if (!totals.booksBalance()) {
        return Verdict.invalid(
            "checkpoint "
                + checkpoint.id()
                + ": "
                + totals.currency().value()
                + " does not balance: customers hold "
                + totals.totalMinor()
                + ", the system accounts "
                + totals.systemBalanceMinor());
      }
    }
    return Verdict.valid(
        "checkpoint "
            + checkpoint.id()
            + " at position "
            + checkpoint.position()
            + " is signed by key "
            + checkpoint.keyId()
            + " and its books balance in "
            + checkpoint.currencies().size()
            + " currencies");
  }

  /**
   * Whether the checkpoint is valid and the proof's leaf is under its currency's root: the
   * account's balance, held amount and chain end as the leaf states them are counted in the
   * published total.
   */
  public Verdict proof(PublishedProof published) {
    Verdict checkpoint = checkpoint(published.checkpoint());
    if (!checkpoint.valid()) {
      return checkpoint;
    }
    Checkpoint signed = published.checkpoint().checkpoint();
    Optional<CurrencyTotals> totals =
        signed.currencies().stream()
            .filter(found -> found.currency().equals(published.currency()))
            .findFirst();
    AccountId account = published.proof().leaf().account();
    if (totals.isEmpty()) {
      return Verdict.invalid(
          "checkpoint " + signed.id() + " states no " + published.currency().value());
    }
    SumNode root;
    try {
      root = published.proof().root();
    } catch (ArithmeticException overflow) {
      return Verdict.invalid("the proof of account " + account + ": its sums overflow");
    }
    if (!root.equals(totals.get().root())) {
      return Verdict.invalid(
          "the proof of account "
              + account
              + " leads to root "
              + root.hash()
              + " holding "
              + root.sumMinor()
              + ", but checkpoint "
              + signed.id()
              + " states "
              + totals.get().root().hash()
              + " holding "
              + totals.get().totalMinor()
              + " in "
              + published.currency().value());
    }
    return Verdict.valid(
        "account "
            + account
            + " with balance "
            + published.proof().leaf().balanceMinor()
            + " is counted in the "
            + totals.get().totalMinor()
            + " "
            + published.currency().value()
            + " checkpoint "
            + signed.id()
            + " states");
  }

  /**
   * Whether the statement's entries chain (each balance and hash follows from the one before and
   * the entry's own fields) and agree with every proof of its account: after the entry a proof's
   * leaf ends with, the chain and balance are the leaf's. Proofs whose leaf ends before the period
   * or after it are valid or not as proofs but not compared. When the statement diverges, the
   * answer names the account, the first entry or checkpoint it diverges at, and the newest
   * checkpoint given whose leaf it still gives.
   */
  public Verdict statement(Statement statement, List<PublishedProof> proofs) {
    AccountId account = AccountId.of(statement.accountId());
    List<PublishedProof> inOrder =
        proofs.stream()
            .sorted(Comparator.comparing(found -> found.checkpoint().checkpoint().createdAt()))
            .toList();
    for (PublishedProof proof : inOrder) {
      Verdict counted = proof(proof);
      if (!counted.valid()) {
        return counted;
      }
      if (!proof.proof().leaf().account().equals(account)) {
        return Verdict.invalid(
            "a proof of account "
                + proof.proof().leaf().account()
                + " given with the statement of account "
                + account);
      }
    }
    Map<Long, State> after = new HashMap<>();
    ChainWalk walk =
        new ChainWalk(
            account, statement.currency(), statement.openingHash(), statement.openingBalance());
    for (Statement.Entry entry : statement.entries()) {
      Optional<String> broken = walk.follow(entry);
      if (broken.isPresent()) {
        return Verdict.invalid(
            broken.get()
                + "; the last checkpoint that holds is "
                + lastHolding(inOrder, after, entry.entryId()));
      }
      after.put(entry.entryId(), new State(walk.head(), walk.balance()));
    }
    EntryHash head = walk.head();
    if (statement.closingHash() != null && !statement.closingHash().equals(head)) {
      return Verdict.invalid(
          "the statement closes at " + statement.closingHash() + ", its entries at " + head);
    }
    int compared = 0;
    for (PublishedProof proof : inOrder) {
      State state = after.get(proof.proof().leaf().lastEntryId());
      if (state == null) {
        continue;
      }
      compared++;
      if (!state.agreesWith(proof)) {
        return Verdict.invalid(
            "account "
                + account
                + ": after entry "
                + proof.proof().leaf().lastEntryId()
                + " checkpoint "
                + proof.checkpoint().checkpoint().id()
                + " signed balance "
                + proof.proof().leaf().balanceMinor()
                + " and chain end "
                + proof.proof().leaf().chainHead()
                + ", the statement gives "
                + state.balance()
                + " and "
                + state.head()
                + "; the last checkpoint that holds is "
                + lastHolding(inOrder, after, proof.proof().leaf().lastEntryId() + 1));
      }
    }
    return Verdict.valid(
        statement.entries().size()
            + " entries of account "
            + account
            + " chain from "
            + statement.openingHash()
            + " to "
            + head
            + ", and agree with "
            + compared
            + " of "
            + proofs.size()
            + " checkpoints");
  }

  /**
   * The newest of the proofs whose leaf ends before entry {@code before} and that the statement's
   * chain up to there gives.
   */
  private static String lastHolding(
      List<PublishedProof> inOrder, Map<Long, State> after, long before) {
    String holding = "none given";
    for (PublishedProof proof : inOrder) {
      State state = after.get(proof.proof().leaf().lastEntryId());
      if (proof.proof().leaf().lastEntryId() < before && state != null && state.agreesWith(proof)) {
        holding = proof.checkpoint().checkpoint().id().toString();
      }
    }
    return holding;
  }

  /**
   * Whether each checkpoint of a run is valid and follows the one before: made later, at a journal
   * position no earlier, stating the same currencies or more.
   */
  public Verdict run(List<SignedCheckpoint> checkpoints) {
    SignedCheckpoint previous = null;
    for (SignedCheckpoint signed : checkpoints) {
      Verdict one = checkpoint(signed);
      if (!one.valid()) {
        return one;
      }
      if (previous != null) {
        Checkpoint before = previous.checkpoint();
        Checkpoint now = signed.checkpoint();
        if (!now.createdAt().isAfter(before.createdAt())) {
          return Verdict.invalid(
              "checkpoint " + now.id() + " is not later than " + before.id() + ", before it");
        }
        if (now.position() < before.position()) {
          return Verdict.invalid(
              "checkpoint "
                  + now.id()
                  + " covers the journal to "
                  + now.position()
                  + ", less than "
                  + before.id()
                  + " before it ("
                  + before.position()
                  + ")");
        }
        for (CurrencyTotals earlier : before.currencies()) {
          if (now.currencies().stream().noneMatch(t -> t.currency().equals(earlier.currency()))) {
            return Verdict.invalid(
                "checkpoint " + now.id() + " leaves out " + earlier.currency().value());
          }
        }
      }
      previous = signed;
    }
    return Verdict.valid(checkpoints.size() + " checkpoints, each valid and after the one before");
  }

  /**
   * Whether {@code checkpoint} extends {@code previous} by the journal between them: both are valid
   * and in order, each changed account's entries chain from its leaf in {@code previous} to its
   * leaf in {@code checkpoint} (every hash and balance following from the one before), and per
   * currency the leaves' changes add up to the change in the published totals, so the totals moved
   * by these entries and nothing else.
   *
   * @param previous the checkpoint before, or {@code null} when {@code checkpoint} is the first
   * @param lines {@code GET /v1/checkpoints/{id}/changes} of {@code checkpoint}, in order
   */
  public Verdict extension(
      SignedCheckpoint previous, SignedCheckpoint checkpoint, Iterable<ChangeLine> lines) {
    Verdict order = previous == null ? checkpoint(checkpoint) : run(List.of(previous, checkpoint));
    if (!order.valid()) {
      return order;
    }
    Extension extension = new Extension(checkpoint, previous);
    for (ChangeLine line : lines) {
      Optional<String> divergence = extension.accept(line);
      if (divergence.isPresent()) {
        return Verdict.invalid(divergence.get());
      }
    }
    return extension.end();
  }

  /** The chain's end and the balance after an entry, as the statement gives them. */
  private record State(EntryHash head, long balance) {

    boolean agreesWith(PublishedProof proof) {
      return head.equals(proof.proof().leaf().chainHead())
          && balance == proof.proof().leaf().balanceMinor();
    }
  }
}
