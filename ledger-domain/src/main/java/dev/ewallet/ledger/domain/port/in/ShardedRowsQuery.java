package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.account.ShardedRows;
import java.util.List;

/** The shards of merchants and system accounts, per kind and currency, for the metrics. */
public interface ShardedRowsQuery {

  /** Every kind and currency that has shards, as committed. */
  List<ShardedRows> shardedRows();
}
