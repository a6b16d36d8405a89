package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;

/**
 * Who asks: an authenticated user, possibly with the operator scope, or the ledger's own scheduled
 * jobs. Use cases check every ownership rule against it, whatever adapter the request came through.
 *
 * @param user the authenticated user; {@code null} only for {@link #system()}
 * @param operator whether the caller is a trusted operator or back-office system
 */
public record Caller(UserId user, boolean operator) {

  private static final Caller SYSTEM = new Caller(null, true);

  public Caller {
    if (user == null && !operator) {
      throw new IllegalArgumentException("only the system caller has no user");
    }
  }

  public static Caller user(long userId) {
    return new Caller(UserId.of(userId), false);
  }

  public static Caller operator(long userId) {
    return new Caller(UserId.of(userId), true);
  }

  /** The ledger's own scheduled jobs: an operator without a user. */
  public static Caller system() {
    return SYSTEM;
  }

  /** The id idempotency keys are scoped to: the user's id, or 0 for the system. */
  public long principalId() {
    return user == null ? 0 : user.value();
  }

  /** Throws {@link AccessDeniedException} unless the caller is an operator. */
  public void requireOperator() {
    if (!operator) {
      throw new AccessDeniedException("this needs the ledger.operator scope");
    }
  }

  /** Throws {@link AccessDeniedException} unless the caller owns the account or is an operator. */
  public void requireOwnerOrOperator(Account account) {
    if (!operator && !account.isOwnedBy(user)) {
      throw new AccessDeniedException("account " + account.id() + " is not yours");
    }
  }

  /** Throws {@link AccessDeniedException} unless the caller owns the account, operator or not. */
  public void requireOwner(Account account) {
    if (user == null || !account.isOwnedBy(user)) {
      throw new AccessDeniedException(
          "only the owner may move money out of account " + account.id());
    }
  }
}
