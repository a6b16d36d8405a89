package dev.ewallet.ledger.adapter.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Monthly partitions of {@code ledger_entry} are UTC months whoever asks for them (ADR 0012). A
 * JDBC session takes the JVM's time zone, and month arithmetic in that zone once cut months at
 * local times: in a zone west of UTC the first migration failed (two partitions named after one
 * month), and across a change to summer time a partition ended an hour early, leaving postings
 * nowhere to go. Here the schema is migrated from a session in New York, maintenance runs from one
 * in Berlin across both summer-time changes, and the horizon is checked to see a gap inside a
 * month.
 */
class JournalPartitionZonesIT {

  private static final String PARTITIONS =
      "SELECT c.relname, extract(epoch FROM b.lower_bound)::bigint,"
          + " extract(epoch FROM b.upper_bound)::bigint"
          + " FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
          + " CROSS JOIN ledger_entry_partition_bounds(i.inhrelid) b"
          + " WHERE i.inhparent = 'ledger_entry'::regclass ORDER BY b.lower_bound";

  private static String url;

  @BeforeAll
  static void migrateFromASessionWestOfUtc() {
    url = PostgresTestDatabase.scratchDatabase();
    PostgresTestDatabase.migrate(url, "db/changelog/db.changelog-master.yaml", "America/New_York");
  }

  /** A partition as the catalog holds it: its name and bounds in Unix seconds. */
  private record Partition(String name, long from, long to) {}

  /** The partition of the month {@code months} after the current one, UTC. */
  private static Partition month(int months) {
    YearMonth month = JournalMonths.fromNow(months);
    return new Partition(
        JournalMonths.partition(month),
        JournalMonths.start(month),
        JournalMonths.start(month.plusMonths(1)));
  }

  private static List<Partition> months(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(JournalPartitionZonesIT::month).toList();
  }

  /** A session of {@code role} in {@code zone}, in a transaction the caller ends. */
  private static Connection session(String role, String zone) throws SQLException {
    Connection connection = new DriverManagerDataSource(url, role, "").getConnection();
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET TIME ZONE '" + zone + "'");
    }
    return connection;
  }

  private static List<Partition> partitions(Connection session) throws SQLException {
    List<Partition> partitions = new ArrayList<>();
    try (Statement statement = session.createStatement();
        ResultSet rows = statement.executeQuery(PARTITIONS)) {
      while (rows.next()) {
        partitions.add(new Partition(rows.getString(1), rows.getLong(2), rows.getLong(3)));
      }
    }
    return partitions;
  }

  private static long single(Connection session, String query) throws SQLException {
    try (Statement statement = session.createStatement();
        ResultSet rows = statement.executeQuery(query)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  private static long horizon(Connection session) throws SQLException {
    return single(session, "SELECT extract(epoch FROM ledger_entry_partition_horizon())::bigint");
  }

  @Test
  void theMigrationFromAZoneWestOfUtcMakesUtcMonths() throws SQLException {
    try (Connection newYork = session(PostgresTestDatabase.RUNTIME, "America/New_York")) {
      assertThat(partitions(newYork)).containsExactlyElementsOf(months(0, 3));
      assertThat(horizon(newYork)).isEqualTo(month(4).from());
      newYork.rollback();
    }
  }

  @Test
  void maintenanceAcrossSummerTimeMakesUtcMonths() throws SQLException {
    // Fourteen months ahead from any month include Europe's changes to and from summer time.
    try (Connection berlin = session(PostgresTestDatabase.RUNTIME, "Europe/Berlin")) {
      assertThat(single(berlin, "SELECT ledger_entry_partitions_ahead(14)")).isEqualTo(11);
      assertThat(partitions(berlin)).containsExactlyElementsOf(months(0, 14));
      assertThat(horizon(berlin)).isEqualTo(month(15).from());
      // Whatever the zone of the session that reads it.
      try (Statement statement = berlin.createStatement()) {
        statement.execute("SET TIME ZONE 'Asia/Ho_Chi_Minh'");
      }
      assertThat(horizon(berlin)).isEqualTo(month(15).from());
      berlin.rollback();
    }
  }

  @Test
  void theHorizonSeesAGapInsideAMonth() throws SQLException {
    Partition second = month(2);
    long dayLater = second.from() + 86_400;
    try (Connection owner = session(PostgresTestDatabase.OWNER, "UTC")) {
      try (Statement statement = owner.createStatement()) {
        // The second month's partition replaced by one that holds only its first day.
        statement.execute("ALTER TABLE ledger_entry DETACH PARTITION " + second.name());
        statement.execute(
            "CREATE TABLE ledger_entry_first_day PARTITION OF ledger_entry FOR VALUES FROM ('"
                + Instant.ofEpochSecond(second.from())
                + "') TO ('"
                + Instant.ofEpochSecond(dayLater)
                + "')");
      }
      assertThat(horizon(owner)).isEqualTo(dayLater);
      owner.rollback();
    }
  }
}
