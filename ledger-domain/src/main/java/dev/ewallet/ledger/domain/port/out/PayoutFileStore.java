package dev.ewallet.ledger.domain.port.out;

import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.PayoutFileSummary;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The payment files of payouts, as recorded: which withdrawals each holds, in which order, so that
 * a file is written again the same from the record and a withdrawal is in at most one file.
 */
public interface PayoutFileStore {

  /**
   * In the caller's unit of work, takes the oldest pending withdrawals of the currency that name a
   * payee and are in no file yet, at most {@code maxPayouts}, skipping any another run holds, and
   * records them as a new file.
   *
   * @return the file; empty when no withdrawal waits for one
   */
  Optional<PayoutFile> createFile(
      String fileId,
      CurrencyCode currency,
      Instant createdAt,
      LocalDate executionDate,
      int maxPayouts);

  /** The recorded file of this id, its payouts as they were filed. */
  Optional<PayoutFile> find(String fileId);

  /**
   * Recorded files, newest first (by when they were made, then by id), at most {@code limit}.
   *
   * @param currency {@code null} for every currency
   * @param afterId the previous page's last file id: the files after it; {@code null} for the
   *     newest, and an id of no file gives an empty page
   */
  List<PayoutFileSummary> list(CurrencyCode currency, String afterId, int limit);
}
