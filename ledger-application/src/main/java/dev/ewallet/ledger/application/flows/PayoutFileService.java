package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.error.PayoutFileNotFoundException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.GetPayoutFileQuery;
import dev.ewallet.ledger.domain.port.in.PayoutFileReceipt;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileUseCase;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesCommand;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesUseCase;
import dev.ewallet.ledger.domain.port.out.PaymentFileDrop;
import dev.ewallet.ledger.domain.port.out.PaymentFileWriter;
import dev.ewallet.ledger.domain.port.out.PayoutFileStore;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Payouts as payment files (docs/bank-reconciliation.md). A run takes, per configured bank account,
 * the pending withdrawals of its currency that name a payee and are in no file yet, records them as
 * one file in one transaction (a withdrawal is in one file at most: two runs at once skip each
 * other's rows), then writes the file and leaves it where the bank's channel picks it up. A file
 * that could not be left stays recorded and is written again, the same bytes, by a resend; a resend
 * never gathers anything new, so nothing is paid twice.
 */
public final class PayoutFileService
    implements RunPayoutFilesUseCase, ResendPayoutFileUseCase, GetPayoutFileQuery {

  private static final Logger LOG = Logger.getLogger(PayoutFileService.class.getName());
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(ZoneOffset.UTC);

  private final PayoutFileStore files;
  private final PaymentFileWriter writer;
  private final PaymentFileDrop drop;
  private final UnitOfWork unitOfWork;
  private final Map<CurrencyCode, SafeguardingAccount> accounts = new HashMap<>();
  private final int maxPayoutsPerFile;
  private final Clock clock;

  public PayoutFileService(
      PayoutFileStore files,
      PaymentFileWriter writer,
      PaymentFileDrop drop,
      UnitOfWork unitOfWork,
      List<SafeguardingAccount> accounts,
      int maxPayoutsPerFile,
      Clock clock) {
    if (maxPayoutsPerFile < 1) {
      throw new IllegalArgumentException("a payout file holds at least one payout");
    }
    this.files = files;
    this.writer = writer;
    this.drop = drop;
    this.unitOfWork = unitOfWork;
    this.maxPayoutsPerFile = maxPayoutsPerFile;
    this.clock = clock;
    accounts.forEach(account -> this.accounts.put(account.currency(), account));
  }

  @Override
  public List<PayoutFileReceipt> run(RunPayoutFilesCommand command) {
    command.caller().requireOperator();
    List<PayoutFileReceipt> made = new ArrayList<>();
    for (SafeguardingAccount account : accounts.values()) {
      Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
      String id = fileId(account.currency(), now);
      unitOfWork
          .inTransaction(() ->
              files.createFile(
                  id,
                  account.currency(),
                  now,
                  now.atZone(ZoneOffset.UTC).toLocalDate(),
                  maxPayoutsPerFile))
          .ifPresent(file -> made.add(leave(file, account)));
    }
    return made;
  }

  @Override
  public PayoutFileReceipt resend(ResendPayoutFileCommand command) {
    PayoutFile file = get(command.caller(), command.fileId());
    return leave(file, accounts.get(file.currency()));
  }

  @Override
  public PayoutFile get(Caller caller, String fileId) {
    caller.requireOperator();
    return files.find(fileId).orElseThrow(() -> new PayoutFileNotFoundException(fileId));
  }

  private PayoutFileReceipt leave(PayoutFile file, SafeguardingAccount account) {
    int payouts = file.payouts().size();
    if (account == null) {
      return new PayoutFileReceipt(
          file.id(),
          file.total(),
          payouts,
          null,
          "no bank account is configured for " + file.currency());
    }
    try {
      String leftAt = drop.drop(file.id() + ".xml", writer.write(file, account));
      return new PayoutFileReceipt(file.id(), file.total(), payouts, leftAt, null);
    } catch (RuntimeException unwritten) {
      LOG.log(
          Level.WARNING,
          "payout file {0} is recorded but could not be left for the bank ({1}); resend it",
          new Object[] {file.id(), unwritten.toString()});
      return new PayoutFileReceipt(file.id(), file.total(), payouts, null, unwritten.getMessage());
    }
  }

  /** {@code PAY-VND-20261206T072355-1a2b3c4d}: readable, and unique without a shared counter. */
  private static String fileId(CurrencyCode currency, Instant at) {
    byte[] random = new byte[4];
    ThreadLocalRandom.current().nextBytes(random);
    return "PAY-" + currency + "-" + STAMP.format(at) + "-" + HexFormat.of().formatHex(random);
  }
}
