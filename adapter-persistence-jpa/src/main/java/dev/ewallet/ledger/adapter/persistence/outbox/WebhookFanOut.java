package dev.ewallet.ledger.adapter.persistence.outbox;

/**
 * The one way rows enter {@code outbox_event}: the statement that appends events also writes, for
 * every webhook endpoint that wants one, its delivery, so a delivery exists exactly when its event
 * does, in the posting's own transaction. With no endpoint registered the fan-out is a one-time
 * check of an empty table.
 *
 * <p>An event's webhook type is {@code transaction.posted} for a ledger event (topic {@value
 * JdbcLedgerEventOutboxAdapter#TOPIC}) and the payload's {@code type} for the others. An endpoint
 * with an account wants the events whose record keys include it. A delivery names its event by
 * {@code outbox_id} and carries no copy of it: its body and its ordering keys ({@link
 * #orderingKeys}) are derived from the outbox row when it is read, so the posting writes a few
 * dozen bytes per delivery and nothing more; the outbox keeps the row while any delivery names it.
 */
public final class WebhookFanOut {

  private WebhookFanOut() {}

  /**
   * The Kafka record keys of the outbox row {@code row}: the ids of the accounts in a ledger
   * event's entries, in entry order, or the row's one {@code record_key}.
   */
  static String recordKeys(String row) {
    return "CASE WHEN "
        + row
        + ".record_key IS NULL THEN ARRAY(SELECT e ->> 'accountId' FROM jsonb_array_elements("
        + row
        + ".payload -> 'entries') e) ELSE ARRAY["
        + row
        + ".record_key::text] END";
  }

  /**
   * The ordering keys of the outbox row {@code row}: the customer accounts its event touches
   * (system accounts are left out: every deposit touches its currency's clearing account, and
   * ordering on it would send a currency's deposits one at a time) or, for an event that touches no
   * account, its record key. An account's owner never changes, so they read the same whenever they
   * are read.
   */
  public static String orderingKeys(String row) {
    return "CASE WHEN "
        + row
        + ".record_key IS NULL THEN ARRAY(SELECT k FROM unnest("
        + recordKeys(row)
        + ") k JOIN account c ON c.id = k::bigint WHERE c.owner_id IS NOT NULL)"
        + " ELSE ARRAY["
        + row
        + ".record_key::text] END";
  }

  /**
   * A statement that runs {@code ctes} (data-modifying common table expressions ending in a comma,
   * or empty), then {@code outboxInsert} (an {@code INSERT INTO outbox_event}, without {@code
   * RETURNING}), then writes the deliveries, and answers one row: how many events it appended.
   */
  public static String appendAndFanOut(String ctes, String outboxInsert) {
    return "WITH "
        + ctes
        + " appended AS ("
        + outboxInsert
        + " RETURNING id, event_id, topic, payload, created_at, record_key),"
        + " typed AS (SELECT a.*, CASE WHEN a.topic = '"
        + JdbcLedgerEventOutboxAdapter.TOPIC
        + "' THEN 'transaction.posted' ELSE a.payload ->> 'type' END AS event_type,"
        + recordKeys("a")
        + " AS record_keys FROM appended a),"
        + " fanned AS (INSERT INTO webhook_delivery (endpoint_id, outbox_id, event_id, event_type,"
        + " created_at, next_attempt_at)"
        + " SELECT w.id, t.id, t.event_id, t.event_type, t.created_at, t.created_at"
        + " FROM typed t JOIN webhook_endpoint w ON w.deleted_at IS NULL"
        + " AND t.event_type = ANY (w.event_types)"
        + " AND (w.account_id IS NULL OR w.account_id::text = ANY (t.record_keys))"
        + " WHERE EXISTS (SELECT 1 FROM webhook_endpoint WHERE deleted_at IS NULL)"
        + " ORDER BY t.id, w.id)"
        + " SELECT count(*) FROM appended";
  }
}
