package dev.ewallet.ledger.adapter.persistence.schema;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Outside {@code ledger.security.mode=local}, the service refuses to start when it connects as a
 * superuser or as a role that may create objects in the ledger's schema or owns its tables: such a
 * role could switch off the very triggers that keep the journal append-only (ADR 0011). In every
 * mode it refuses sessions whose {@code session_replication_role} is not {@code origin}: a
 * superuser can set that for the runtime role ({@code ALTER ROLE ... SET}), and under {@code
 * replica} PostgreSQL fires neither those triggers nor the foreign keys.
 */
@Component
class RuntimeRoleGuard implements InitializingBean {

  private static final String SUPERUSER =
      "SELECT rolsuper FROM pg_roles WHERE rolname = current_user";

  private static final String OWNS_OR_CREATES =
      "SELECT has_schema_privilege(current_user, current_schema(), 'CREATE')"
          + " OR EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema()"
          + " AND pg_has_role(current_user, tableowner, 'USAGE'))";

  private static final String REPLICATION_ROLE =
      "SELECT current_setting('session_replication_role')";

  private final JdbcClient jdbc;
  private final Environment environment;

  RuntimeRoleGuard(JdbcClient jdbc, Environment environment) {
    this.jdbc = jdbc;
    this.environment = environment;
  }

  @Override
  public void afterPropertiesSet() {
    String replicationRole = jdbc.sql(REPLICATION_ROLE).query(String.class).single();
    if (!"origin".equals(replicationRole)) {
      throw new IllegalStateException(
          "the service's PostgreSQL sessions run with session_replication_role = "
              + replicationRole
              + ", under which neither the journal's triggers nor its foreign keys fire; reset it"
              + " for the runtime role (ALTER ROLE ... RESET session_replication_role):"
              + " see docs/operations.md");
    }
    if ("local".equalsIgnoreCase(environment.getProperty("ledger.security.mode"))) {
      return;
    }
    if (jdbc.sql(SUPERUSER).query(Boolean.class).single()) {
      throw new IllegalStateException(
          "the service connects to PostgreSQL as a superuser; connect as the runtime role"
              + " (spring.datasource.username), which owns nothing, and migrate as the owner role"
              + " (spring.liquibase.user): see docs/operations.md");
    }
    if (jdbc.sql(OWNS_OR_CREATES).query(Boolean.class).single()) {
      throw new IllegalStateException(
          "the service connects to PostgreSQL as a role that owns the ledger's schema or tables"
              + " or may create objects in it; connect as the runtime role, which owns nothing:"
              + " see docs/operations.md");
    }
  }
}
