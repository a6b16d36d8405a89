package dev.ewallet.ledger.application.schedules;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.error.LedgerException;
import dev.ewallet.ledger.domain.error.OutcomeUnknownException;
import dev.ewallet.ledger.domain.error.OverloadedException;
import dev.ewallet.ledger.domain.error.ScheduleNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleCommand;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleUseCase;
import dev.ewallet.ledger.domain.port.in.CreateScheduledTransferCommand;
import dev.ewallet.ledger.domain.port.in.CreateScheduledTransferUseCase;
import dev.ewallet.ledger.domain.port.in.RunDueSchedulesCommand;
import dev.ewallet.ledger.domain.port.in.RunDueSchedulesUseCase;
import dev.ewallet.ledger.domain.port.in.ScheduleExecutionsQuery;
import dev.ewallet.ledger.domain.port.in.ScheduledTransferQuery;
import dev.ewallet.ledger.domain.port.in.ScheduledTransfersQuery;
import dev.ewallet.ledger.domain.port.in.SubmitTransferBatchUseCase;
import dev.ewallet.ledger.domain.port.in.TransferBatchCommand;
import dev.ewallet.ledger.domain.port.in.TransferBatchResult;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ScheduleStore;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Scheduled and recurring transfers. The rules of a schedule are the domain's ({@link
 * ScheduledTransfer}: runs, retries, pausing); each run is a plain transfer through the one posting
 * path, posted in batches as the system under the run's own key, so every rule of a transfer
 * (funds, freezes, dormancy, limits, fees) applies to it and a run posts once however often it is
 * tried. A run is recorded after its posting: a crash between the two tries it again, which replays
 * the posting, and two instances trying it at once post it once and record it once.
 */
public final class ScheduledTransferService
    implements CreateScheduledTransferUseCase,
        ChangeScheduleUseCase,
        ScheduledTransfersQuery,
        ScheduledTransferQuery,
        ScheduleExecutionsQuery,
        RunDueSchedulesUseCase {

  private final AccountRepository accounts;
  private final ScheduleStore schedules;
  private final SubmitTransferBatchUseCase transfers;
  private final Clock clock;

  public ScheduledTransferService(
      AccountRepository accounts,
      ScheduleStore schedules,
      SubmitTransferBatchUseCase transfers,
      Clock clock) {
    this.accounts = accounts;
    this.schedules = schedules;
    this.transfers = transfers;
    this.clock = clock;
  }

  @Override
  public ScheduledTransfer schedule(CreateScheduledTransferCommand command) {
    Account from = accounts.existing(command.fromAccountId());
    command.caller().requireOwner(from);
    from.requireWallet();
    Account to = accounts.existing(command.toAccountId());
    to.requireWallet();
    if (!from.currency().equals(to.currency())) {
      throw new CurrencyMismatchException(from.currency().value(), to.currency().value());
    }
    ScheduledTransfer schedule =
        ScheduledTransfer.create(
            TransactionId.random(),
            command.caller().user(),
            from.id(),
            to.id(),
            command.amountMinor(),
            command.details(),
            command.recurrence(),
            command.attempts(),
            command.retryEvery(),
            command.firstAt(),
            now());
    return schedules.create(
        schedule, command.caller().principalId(), command.idempotencyKey(), command.fingerprint());
  }

  @Override
  public ScheduledTransfer change(ChangeScheduleCommand command) {
    ScheduledTransfer before = schedule(command.caller(), command.scheduleId());
    ScheduledTransfer after =
        switch (command.change()) {
          case PAUSE -> before.paused();
          case RESUME -> before.resumed(now());
          case CANCEL -> before.cancelled();
        };
    if (!schedules.replace(before, after)) {
      // A run moved it meanwhile: decide again on the schedule as it is now.
      return change(command);
    }
    return after;
  }

  @Override
  public List<ScheduledTransfer> schedules(Caller caller, int limit) {
    requireLimit(limit);
    return schedules.ofOwner(caller.user(), limit);
  }

  @Override
  public ScheduledTransfer schedule(Caller caller, TransactionId id) {
    return schedules
        .find(id)
        .filter(found -> caller.operator() || found.owner().equals(caller.user()))
        .orElseThrow(() -> new ScheduleNotFoundException(id.toString()));
  }

  @Override
  public List<ScheduleExecution> executions(Caller caller, TransactionId id, int limit) {
    requireLimit(limit);
    return schedules.executions(schedule(caller, id).id(), limit);
  }

  @Override
  public int runDue(RunDueSchedulesCommand command) {
    List<ScheduledTransfer> due = schedules.due(command.now(), command.limit());
    int tried = 0;
    for (int from = 0; from < due.size(); from += TransferBatchCommand.MAX_TRANSFERS) {
      tried +=
          run(
              due.subList(from, Math.min(from + TransferBatchCommand.MAX_TRANSFERS, due.size())),
              command.now());
    }
    return tried;
  }

  /**
   * One posting batch of runs, each recorded with its outcome at {@code at}; one left unknown is
   * not.
   */
  private int run(List<ScheduledTransfer> runs, Instant at) {
    List<TransferFundsCommand> batch =
        runs.stream()
            .map(run ->
                new TransferFundsCommand(
                    Caller.system(),
                    run.currentKey(),
                    run.from(),
                    run.to(),
                    run.amountMinor(),
                    run.details()))
            .toList();
    List<TransferBatchResult> results =
        transfers.submit(new TransferBatchCommand(Caller.system(), batch));
    List<ScheduleStore.Move> moves = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      ScheduledTransfer run = runs.get(i);
      TransferBatchResult result = results.get(i);
      if (result.receipt() != null) {
        moves.add(
            new ScheduleStore.Move(
                run,
                run.afterRun(),
                ScheduleExecution.posted(run, result.receipt().transactionId(), at)));
      } else if (result.refusal() instanceof LedgerException refusal && !retriable(refusal)) {
        ScheduledTransfer after = run.afterRefusal(at);
        moves.add(
            new ScheduleStore.Move(run, after, ScheduleExecution.refused(run, after, refusal, at)));
      }
    }
    if (!moves.isEmpty()) {
      schedules.replaceAll(moves);
    }
    return moves.size();
  }

  /** An overloaded ledger or an unknown outcome is no refusal: the next run tries again. */
  private static boolean retriable(LedgerException refusal) {
    return refusal instanceof OverloadedException || refusal instanceof OutcomeUnknownException;
  }

  private static void requireLimit(int limit) {
    if (limit < 1 || limit > 100) {
      throw new InvalidRequestException("limit must be 1 to 100, not " + limit);
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
