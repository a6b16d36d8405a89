package dev.ewallet.ledger.adapter.persistence.webhook;

import dev.ewallet.ledger.adapter.persistence.SqlTypes;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.WebhookEndpointStore;
import dev.ewallet.ledger.domain.webhook.WebhookEndpoint;
import dev.ewallet.ledger.domain.webhook.WebhookEventType;
import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Webhook endpoints in {@code webhook_endpoint}; a deleted one keeps its row. */
@Repository
class JdbcWebhookEndpointStoreAdapter implements WebhookEndpointStore {

  private static final String COLUMNS =
      "id, url, event_types, account_id, paused, healthy, previous_secret_until, created_by,"
          + " created_at";

  private static final String INSERT =
      "INSERT INTO webhook_endpoint (url, event_types, account_id, secret, created_by, created_at)"
          + " SELECT ?, ?::text[], ?, ?, ?, ?"
          + " WHERE (SELECT count(*) FROM webhook_endpoint WHERE deleted_at IS NULL) < ?"
          + " RETURNING "
          + COLUMNS;

  private static final String FIND =
      "SELECT " + COLUMNS + " FROM webhook_endpoint WHERE id = ? AND deleted_at IS NULL";

  private static final String ALL =
      "SELECT " + COLUMNS + " FROM webhook_endpoint WHERE deleted_at IS NULL ORDER BY id";

  /** Resuming clears the back-off: what waited goes at once. */
  private static final String UPDATE =
      "UPDATE webhook_endpoint SET url = COALESCE(?::varchar, url),"
          + " event_types = COALESCE(?::text[], event_types),"
          + " paused = COALESCE(?::boolean, paused),"
          + " retry_at = CASE WHEN ?::boolean IS FALSE THEN NULL ELSE retry_at END"
          + " WHERE id = ? AND deleted_at IS NULL RETURNING "
          + COLUMNS;

  /**
   * Its pending deliveries will never be sent: they finish as failed with it, so they are pruned
   * after the retention and the events they name leave the outbox.
   */
  private static final String DELETE =
      "WITH gone AS (UPDATE webhook_endpoint SET deleted_at = ? WHERE id = ?"
          + " AND deleted_at IS NULL RETURNING id, deleted_at),"
          + " finished AS (UPDATE webhook_delivery d SET status = 'FAILED',"
          + " finished_at = g.deleted_at FROM gone g"
          + " WHERE d.endpoint_id = g.id AND d.status = 'PENDING')"
          + " SELECT count(*) FROM gone";

  private static final String ROTATE =
      "UPDATE webhook_endpoint SET previous_secret = secret, secret = ?,"
          + " previous_secret_until = ? WHERE id = ? AND deleted_at IS NULL RETURNING "
          + COLUMNS;

  private static final String SECRETS =
      "SELECT secret, previous_secret, previous_secret_until FROM webhook_endpoint WHERE id = ?";

  private final JdbcClient jdbc;

  JdbcWebhookEndpointStoreAdapter(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<WebhookEndpoint> insert(
      URI url,
      Set<WebhookEventType> eventTypes,
      AccountId accountId,
      String secret,
      long createdBy,
      Instant createdAt,
      int max) {
    return jdbc.sql(INSERT)
        .params(
            url.toString(),
            types(eventTypes),
            accountId == null ? null : accountId.value(),
            secret,
            createdBy,
            SqlTypes.timestamp(createdAt),
            max)
        .query((row, n) -> endpoint(row))
        .optional();
  }

  @Override
  public Optional<WebhookEndpoint> find(long id) {
    return jdbc.sql(FIND).param(id).query((row, n) -> endpoint(row)).optional();
  }

  @Override
  public List<WebhookEndpoint> all() {
    return jdbc.sql(ALL).query((row, n) -> endpoint(row)).list();
  }

  @Override
  public Optional<WebhookEndpoint> update(
      long id, URI url, Set<WebhookEventType> eventTypes, Boolean paused) {
    return jdbc.sql(UPDATE)
        .params(
            url == null ? null : url.toString(),
            eventTypes == null ? null : types(eventTypes),
            paused,
            paused,
            id)
        .query((row, n) -> endpoint(row))
        .optional();
  }

  @Override
  public boolean delete(long id, Instant at) {
    return jdbc.sql(DELETE).params(SqlTypes.timestamp(at), id).query(Long.class).single() == 1;
  }

  @Override
  public Optional<WebhookEndpoint> rotate(long id, String secret, Instant previousUntil) {
    return jdbc.sql(ROTATE)
        .params(secret, SqlTypes.timestamp(previousUntil), id)
        .query((row, n) -> endpoint(row))
        .optional();
  }

  @Override
  public List<String> signingSecrets(long id, Instant at) {
    return jdbc.sql(SECRETS)
        .param(id)
        .query((row, n) -> {
          List<String> secrets = new ArrayList<>();
          secrets.add(row.getString("secret"));
          Instant until = SqlTypes.nullableInstant(row, "previous_secret_until");
          if (row.getString("previous_secret") != null && until != null && until.isAfter(at)) {
            secrets.add(row.getString("previous_secret"));
          }
          return secrets;
        })
        .optional()
        .orElse(List.of());
  }

  /** In a stable order, so that a read-back equals what was written. */
  private static String[] types(Set<WebhookEventType> eventTypes) {
    return eventTypes.stream().map(WebhookEventType::wireName).sorted().toArray(String[]::new);
  }

  private static WebhookEndpoint endpoint(ResultSet row) throws SQLException {
    long account = row.getLong("account_id");
    AccountId accountId = row.wasNull() ? null : AccountId.of(account);
    return new WebhookEndpoint(
        row.getLong("id"),
        URI.create(row.getString("url")),
        Arrays.stream((String[]) row.getArray("event_types").getArray())
            .map(WebhookEventType::fromWire)
            .collect(Collectors.toSet()),
        accountId,
        row.getBoolean("paused"),
        row.getBoolean("healthy"),
        SqlTypes.nullableInstant(row, "previous_secret_until"),
        row.getLong("created_by"),
        SqlTypes.instant(row, "created_at"));
  }
}
