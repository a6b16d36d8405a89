package dev.ewallet.ledger.adapter.persistence;

import jakarta.persistence.EntityManager;
import java.util.List;
import org.hibernate.query.NativeQuery;
import org.springframework.stereotype.Component;

/**
 * The posting path's set-based statements that JPA cannot express ({@code ON CONFLICT DO NOTHING},
 * {@code RETURNING}, multi-row inserts from arrays), run as native queries of the current
 * persistence context: the same session, connection and transaction as the JPA locks before them,
 * with pending changes flushed first. Parameters are positional ({@code ?1}, {@code ?2}, ...); a
 * value that may be {@code null} is passed as {@link #nullable} so that its type is known.
 */
@Component
class NativeSql {

  /** A parameter value with its type, for values that may be {@code null}. */
  record Typed<T>(T value, Class<T> type) {}

  static <T> Typed<T> nullable(T value, Class<T> type) {
    return new Typed<>(value, type);
  }

  private final EntityManager entityManager;

  NativeSql(EntityManager entityManager) {
    this.entityManager = entityManager;
  }

  /** Runs a statement that returns rows; each row is an array of its columns. */
  List<Object[]> rows(String sql, Object... parameters) {
    return query(sql, parameters).getResultList().stream()
        .map(row -> row instanceof Object[] columns ? columns : new Object[] {row})
        .toList();
  }

  /** Runs a statement that returns no rows; how many rows it changed. */
  int update(String sql, Object... parameters) {
    return query(sql, parameters).executeUpdate();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private NativeQuery<?> query(String sql, Object... parameters) {
    NativeQuery<?> query = entityManager.createNativeQuery(sql).unwrap(NativeQuery.class);
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i] instanceof Typed typed) {
        query.setParameter(i + 1, typed.value(), typed.type());
      } else {
        query.setParameter(i + 1, parameters[i]);
      }
    }
    return query;
  }
}
