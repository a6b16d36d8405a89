package dev.ewallet.ledger.adapter.persistence.posting;

import org.postgresql.util.PSQLException;
import org.springframework.dao.DuplicateKeyException;

/** Which unique constraint or index a refused write broke, as PostgreSQL names it. */
final class UniqueViolations {

  private UniqueViolations() {}

  static boolean violates(DuplicateKeyException duplicate, String constraint) {
    return duplicate.getMostSpecificCause() instanceof PSQLException pg
        && pg.getServerErrorMessage() != null
        && constraint.equals(pg.getServerErrorMessage().getConstraint());
  }
}
