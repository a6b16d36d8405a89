package dev.ewallet.ledger.domain.error;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The ledger refuses to sign a checkpoint over books that do not hold: an account's balance is not
 * the sum of its entries, its hash chain breaks, the journal no longer gives what the newest
 * checkpoint signed, or a currency does not add up to zero; or with a key outside its published
 * validity (a rotation's new key before its switch time). Nothing is signed or kept; the breaks
 * name the accounts, and {@link #lastHolding} the newest checkpoint the books still agree with
 * (docs/proofs.md).
 */
public final class CheckpointRefusedException extends LedgerException {

  /** The break when the signing key is not valid at the checkpoint's time: no account is broken. */
  public static final String SIGNING_KEY_NOT_VALID = "SIGNING_KEY_NOT_VALID";

  /**
   * One point where the books do not hold.
   *
   * @param kind the reconciliation rule that failed (docs/proofs.md lists them)
   * @param accountId the account, or {@code null} for a currency-wide sum
   * @param entryId the first entry concerned, or {@code null}
   */
  public record Break(String kind, Long accountId, Long entryId, String currency) {

    public Break {
      Objects.requireNonNull(kind, "kind");
    }
  }

  private final transient List<Break> breaks;
  private final UUID lastHolding;

  public CheckpointRefusedException(List<Break> breaks, Optional<UUID> lastHolding) {
    super(
        "the books do not hold at "
            + breaks.size()
            + " point(s), first: "
            + breaks.getFirst().kind()
            + (breaks.getFirst().accountId() == null
                ? " in " + breaks.getFirst().currency()
                : " of account " + breaks.getFirst().accountId())
            + "; the last checkpoint that holds is "
            + lastHolding.map(UUID::toString).orElse("none"));
    this.breaks = List.copyOf(breaks);
    this.lastHolding = lastHolding.orElse(null);
  }

  public List<Break> breaks() {
    return breaks;
  }

  /** Whether the only reason is the signing key's validity: the books may well hold. */
  public boolean onlyTheKeyIsNotValid() {
    return breaks.stream().allMatch(found -> found.kind().equals(SIGNING_KEY_NOT_VALID));
  }

  /** The newest checkpoint the books still agree with; empty when none does. */
  public Optional<UUID> lastHolding() {
    return Optional.ofNullable(lastHolding);
  }
}
