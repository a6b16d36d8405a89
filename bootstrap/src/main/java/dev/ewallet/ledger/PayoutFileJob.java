package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PayoutFileReceipt;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesCommand;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesUseCase;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Gathers pending withdrawals into payment files on {@code ledger.bank.payout-file-cron} (off by
 * default, {@code -}; a bank's cut-off times decide it), as {@code POST /v1/payout-files} does on
 * demand.
 */
@Component
class PayoutFileJob {

  private static final Logger LOG = LoggerFactory.getLogger(PayoutFileJob.class);

  private final RunPayoutFilesUseCase payoutFiles;

  PayoutFileJob(RunPayoutFilesUseCase payoutFiles) {
    this.payoutFiles = payoutFiles;
  }

  @Scheduled(cron = "${ledger.bank.payout-file-cron:-}")
  void run() {
    List<PayoutFileReceipt> made = payoutFiles.run(new RunPayoutFilesCommand(Caller.system()));
    for (PayoutFileReceipt file : made) {
      if (file.leftAt() == null) {
        LOG.error(
            "payout file {} ({} payouts, {}) is recorded but not left for the bank: {}; resend it",
            file.fileId(),
            file.payouts(),
            file.total(),
            file.problem());
      } else {
        LOG.info(
            "payout file {} ({} payouts, {}) left at {}",
            file.fileId(),
            file.payouts(),
            file.total(),
            file.leftAt());
      }
    }
  }
}
