package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Where pending deposits live. No argument may be {@code null}. */
public interface PendingDepositRepository {

  /**
   * Stores a newly announced pending deposit under the principal's idempotency key, on its own;
   * when the key announced one before, returns that one instead.
   *
   * @throws dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException when the key announced a
   *     pending deposit with another fingerprint
   */
  AnnouncedDeposit announce(
      PendingDeposit deposit, long principalId, IdempotencyKey key, RequestFingerprint fingerprint);

  /**
   * The pending deposit the principal announced under this key, as committed; empty for none. A
   * posted deposit may not reuse a key that announced one.
   */
  Optional<PendingDeposit> announcedUnder(long principalId, IdempotencyKey key);

  /** The pending deposit as committed, without locking it. */
  Optional<PendingDeposit> findPendingDeposit(TransactionId id);

  /**
   * What a bank credit naming the reference pays: the pending deposit of the currency with it, else
   * the latest one with it that settled (a credit reported again, by a notification and then the
   * day's statement); empty when there is neither.
   */
  Optional<PendingDeposit> findByReference(CurrencyCode currency, String reference);

  /**
   * Pending deposits (not settled, not failed) of exactly this amount in its currency, announced in
   * {@code [from, to)}, oldest first, at most {@code limit}.
   */
  List<PendingDeposit> findPendingOfAmount(Money amount, Instant from, Instant to, int limit);

  /**
   * Locks the pending deposits for the rest of the current unit of work, in ascending id order, and
   * returns them as locked; ids of none are absent. Callers lock accounts first.
   */
  List<PendingDeposit> lockPendingDeposits(SortedSet<TransactionId> ids);

  /** Stores a locked pending deposit's new state. */
  void updatePendingDeposit(PendingDeposit deposit);

  /**
   * Fails the pending deposit in the current unit of work, under the principal's idempotency key: a
   * retry with the same key after it failed returns it as failed.
   *
   * @throws dev.ewallet.ledger.domain.error.PendingDepositNotFoundException when there is none
   * @throws dev.ewallet.ledger.domain.error.PendingDepositNotPendingException when it settled, or
   *     failed under another key
   */
  PendingDeposit fail(
      TransactionId id, String reason, long principalId, IdempotencyKey key, Instant at);
}
