package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.RecurrenceBody;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ScheduleExecutionResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ScheduleExecutionsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ScheduledTransferRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ScheduledTransferResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ScheduledTransfersResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleCommand;
import dev.ewallet.ledger.domain.port.in.ChangeScheduleUseCase;
import dev.ewallet.ledger.domain.port.in.CreateScheduledTransferCommand;
import dev.ewallet.ledger.domain.port.in.CreateScheduledTransferUseCase;
import dev.ewallet.ledger.domain.port.in.ScheduleExecutionsQuery;
import dev.ewallet.ledger.domain.port.in.ScheduledTransferQuery;
import dev.ewallet.ledger.domain.port.in.ScheduledTransfersQuery;
import dev.ewallet.ledger.domain.schedule.Recurrence;
import dev.ewallet.ledger.domain.schedule.ScheduleExecution;
import dev.ewallet.ledger.domain.schedule.ScheduleStatus;
import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Scheduled and recurring transfers: made by the payer, run by the ledger, visible run by run. */
@Tag(name = "Scheduled transfers")
@RestController
class ScheduledTransferController {

  private final CreateScheduledTransferUseCase create;
  private final ChangeScheduleUseCase change;
  private final ScheduledTransfersQuery schedules;
  private final ScheduledTransferQuery schedule;
  private final ScheduleExecutionsQuery executions;

  ScheduledTransferController(
      CreateScheduledTransferUseCase create,
      ChangeScheduleUseCase change,
      ScheduledTransfersQuery schedules,
      ScheduledTransferQuery schedule,
      ScheduleExecutionsQuery executions) {
    this.create = create;
    this.change = change;
    this.schedules = schedules;
    this.schedule = schedule;
    this.executions = executions;
  }

  @Operation(
      summary =
          "Schedules a transfer from the caller's wallet: first at firstAt, then as recurrence"
              + " says (DAILY, WEEKLY or MONTHLY on a day, UTC, until an optional end; absent:"
              + " once). Each run posts a plain transfer"
              + " (funds, freezes, dormancy, limits and fees apply) under a key made of the"
              + " schedule and the run's due time, so a run posts once whatever happens; a refused"
              + " run is recorded and tried again retryEvery later, attempts times in all. The"
              + " same Idempotency-Key and body answer the first schedule.")
  @PostMapping("/v1/scheduled-transfers")
  ResponseEntity<ScheduledTransferResponse> schedule(
      Caller caller,
      @RequestHeader(name = RequestFields.IDEMPOTENCY_KEY, required = false) String key,
      @RequestBody ScheduledTransferRequest body) {
    ScheduledTransfer made =
        create.schedule(
            new CreateScheduledTransferCommand(
                caller,
                RequestFields.idempotencyKey(key),
                AccountId.of(RequestFields.required(body.fromAccountId(), "fromAccountId")),
                AccountId.of(RequestFields.required(body.toAccountId(), "toAccountId")),
                RequestFields.required(body.amount(), "amount"),
                RequestFields.details(body.reference(), body.description(), body.metadata()),
                RequestFields.required(body.firstAt(), "firstAt"),
                recurrence(body.recurrence()),
                body.attempts() == null ? 1 : body.attempts(),
                duration(body.retryEvery())));
    return ResponseEntity.created(URI.create("/v1/scheduled-transfers/" + made.id()))
        .body(response(made));
  }

  @Operation(summary = "The caller's scheduled transfers, newest first (at most limit, 1 to 100).")
  @GetMapping("/v1/scheduled-transfers")
  ScheduledTransfersResponse list(Caller caller, @RequestParam(defaultValue = "100") int limit) {
    return new ScheduledTransfersResponse(
        schedules.schedules(caller, limit).stream()
            .map(ScheduledTransferController::response)
            .toList());
  }

  @Operation(summary = "One of the caller's scheduled transfers (operators: anyone's).")
  @GetMapping("/v1/scheduled-transfers/{id}")
  ScheduledTransferResponse get(Caller caller, @PathVariable String id) {
    return response(schedule.schedule(caller, TransactionId.parse(id)));
  }

  @Operation(
      summary =
          "Every try of the schedule's runs, newest first (at most limit, 1 to 100): POSTED with"
              + " its transaction, or REFUSED with the refusal's code, its words and when it is"
              + " tried again.")
  @GetMapping("/v1/scheduled-transfers/{id}/executions")
  ScheduleExecutionsResponse executions(
      Caller caller, @PathVariable String id, @RequestParam(defaultValue = "100") int limit) {
    return new ScheduleExecutionsResponse(
        executions.executions(caller, TransactionId.parse(id), limit).stream()
            .map(ScheduledTransferController::execution)
            .toList());
  }

  @Operation(
      summary =
          "Pauses an ACTIVE schedule (409 SCHEDULE_CONFLICT otherwise): no run posts until it is"
              + " resumed.")
  @PostMapping("/v1/scheduled-transfers/{id}/pause")
  ScheduledTransferResponse pause(Caller caller, @PathVariable String id) {
    return change(caller, id, ChangeScheduleCommand.Change.PAUSE);
  }

  @Operation(
      summary =
          "Resumes a PAUSED schedule (409 SCHEDULE_CONFLICT otherwise); the runs that fell due"
              + " while it was paused are skipped.")
  @PostMapping("/v1/scheduled-transfers/{id}/resume")
  ScheduledTransferResponse resume(Caller caller, @PathVariable String id) {
    return change(caller, id, ChangeScheduleCommand.Change.RESUME);
  }

  @Operation(
      summary =
          "Cancels a schedule for good (409 SCHEDULE_CONFLICT when cancelled or finished"
              + " already); a run already posting still posts.")
  @PostMapping("/v1/scheduled-transfers/{id}/cancel")
  ScheduledTransferResponse cancel(Caller caller, @PathVariable String id) {
    return change(caller, id, ChangeScheduleCommand.Change.CANCEL);
  }

  private ScheduledTransferResponse change(
      Caller caller, String id, ChangeScheduleCommand.Change what) {
    return response(
        change.change(new ChangeScheduleCommand(caller, TransactionId.parse(id), what)));
  }

  private static Recurrence recurrence(RecurrenceBody body) {
    if (body == null) {
      return Recurrence.ONCE;
    }
    try {
      return new Recurrence(
          Recurrence.Frequency.valueOf(
              RequestFields.required(body.frequency(), "recurrence.frequency")
                  .toUpperCase(Locale.ROOT)),
          body.dayOfMonth(),
          body.until());
    } catch (IllegalArgumentException e) {
      throw new InvalidRequestException(
          "recurrence.frequency must be ONCE, DAILY, WEEKLY or MONTHLY");
    }
  }

  private static Duration duration(String text) {
    if (text == null) {
      return Duration.ofHours(1);
    }
    try {
      return Duration.parse(text);
    } catch (DateTimeParseException e) {
      throw new InvalidRequestException("retryEvery must be an ISO 8601 duration, like PT1H");
    }
  }

  private static ScheduledTransferResponse response(ScheduledTransfer s) {
    return new ScheduledTransferResponse(
        s.id().toString(),
        s.from().value(),
        s.to().value(),
        s.amountMinor(),
        new RecurrenceBody(
            s.recurrence().frequency().name(), s.recurrence().dayOfMonth(), s.recurrence().until()),
        s.attempts(),
        s.retryEvery().toString(),
        s.status().name(),
        s.due(),
        s.status() == ScheduleStatus.ACTIVE ? s.nextAttemptAt() : null,
        s.details().reference(),
        s.details().description(),
        s.createdAt());
  }

  private static ScheduleExecutionResponse execution(ScheduleExecution e) {
    return new ScheduleExecutionResponse(
        e.due(),
        e.attempt(),
        e.outcome().name(),
        e.transactionId() == null ? null : e.transactionId().toString(),
        e.refusal(),
        e.detail(),
        e.at(),
        e.retryAt());
  }
}
