package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.account.AccountId;
import java.time.Duration;
import java.util.Collection;
import java.util.OptionalLong;

/**
 * Where each account's latest committed write stands in the database's commit order, kept where
 * every instance of the service sees it. A read served by a replica first waits until the replica
 * has replayed the position of the account it reads, so that whoever just posted sees their
 * posting, whichever instance answers (read-your-writes). Positions are opaque, increasing numbers
 * given by the storage; a store keeps each one for a bounded time, longer than a replica may lag.
 */
public interface WritePositions {

  /**
   * Records that the accounts were written at or before {@code position}. A store keeps the
   * greatest position recorded per account, whatever the order the calls arrive in.
   *
   * @param accounts never {@code null}; may be empty
   * @param position the storage's commit position after the write committed, at least 1
   * @throws RuntimeException when the store cannot be reached: the write has committed, the caller
   *     decides how to read without its position
   */
  void record(Collection<AccountId> accounts, long position);

  /**
   * @param account never {@code null}
   * @return the greatest position recorded for the account within the store's retention, 0 when
   *     none was, or empty when the store cannot tell: it may have lost positions within the
   *     retention (it restarted, failed over or was emptied less than a retention ago), so the
   *     account's may be among them; the caller must then read from the primary
   * @throws RuntimeException when the store cannot be reached: the caller must then assume the
   *     newest position and read from the primary
   */
  OptionalLong positionOf(AccountId account);

  /** How long a recorded position is kept: a replica lagging longer than this must not be read. */
  Duration retention();
}
