package dev.ewallet.ledger.adapter.persistence.schema;

import java.time.YearMonth;
import java.time.ZoneOffset;

/**
 * The journal's months as the partitioning counts them (UTC), for tests that name or bound them.
 */
final class JournalMonths {

  private JournalMonths() {}

  /** The month {@code months} after the current one, UTC (negative: before it). */
  static YearMonth fromNow(int months) {
    return YearMonth.now(ZoneOffset.UTC).plusMonths(months);
  }

  /** The name the maintenance function gives the month's partition. */
  static String partition(YearMonth month) {
    return String.format("ledger_entry_p%04d_%02d", month.getYear(), month.getMonthValue());
  }

  /** The month's first instant, in Unix seconds. */
  static long start(YearMonth month) {
    return month.atDay(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
  }
}
