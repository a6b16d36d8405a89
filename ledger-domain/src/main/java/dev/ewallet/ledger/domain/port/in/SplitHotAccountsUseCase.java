package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import java.util.List;

/** The ledger's own splitting of hot merchants (a scheduled job, not a request). */
public interface SplitHotAccountsUseCase {

  /**
   * Splits every merchant a row of which the posting path measured hot, by the ledger's rule,
   * online: each merchant's row is locked while its new shards are opened, so two instances never
   * split one merchant twice, and postings go on meanwhile (credits already routed to the main
   * account still land there). Each split is recorded with its measurement.
   *
   * @return the splits made, in the order made
   */
  List<HotAccountDecision> splitHot(SplitHotAccountsCommand command);
}
