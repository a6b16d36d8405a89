package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.MonitorRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.MonitorResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.MonitorsResponse;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.monitor.BalanceMonitor;
import dev.ewallet.ledger.domain.monitor.MonitorCondition;
import dev.ewallet.ledger.domain.monitor.MonitorField;
import dev.ewallet.ledger.domain.monitor.MonitorOperator;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.MonitorsQuery;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorCommand;
import dev.ewallet.ledger.domain.port.in.RemoveMonitorUseCase;
import dev.ewallet.ledger.domain.port.in.SetMonitorCommand;
import dev.ewallet.ledger.domain.port.in.SetMonitorUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Balance monitors on a wallet: its owner's or an operator's (docs/webhooks.md). */
@Tag(name = "Monitors")
@RestController
@RequestMapping("/v1/accounts/{id}/monitors")
class MonitorController {

  private final SetMonitorUseCase set;
  private final RemoveMonitorUseCase remove;
  private final MonitorsQuery monitors;

  MonitorController(SetMonitorUseCase set, RemoveMonitorUseCase remove, MonitorsQuery monitors) {
    this.set = set;
    this.remove = remove;
    this.monitors = monitors;
  }

  @Operation(
      operationId = "setMonitor",
      summary =
          "Sets a balance monitor (owner or operators) on the wallet's balance, heldAmount or"
              + " pendingIn: an event balance.monitor.triggered, on the ledger.monitors topic and"
              + " to webhooks, each time a posting (or, for pendingIn, a pending deposit's"
              + " announcement or failure) makes the condition true while it was false. A"
              + " condition that holds already does not fire (conditionMet says so). At most 10"
              + " per wallet: 422 TOO_MANY_MONITORS.")
  @PostMapping
  ResponseEntity<MonitorResponse> set(
      Caller caller, @PathVariable long id, @RequestBody MonitorRequest body) {
    BalanceMonitor monitor =
        set.set(
            new SetMonitorCommand(
                caller,
                AccountId.of(id),
                new MonitorCondition(
                    MonitorField.fromWire(RequestFields.required(body.field(), "field")),
                    MonitorOperator.fromSymbol(RequestFields.required(body.operator(), "operator")),
                    RequestFields.required(body.value(), "value"))));
    return ResponseEntity.created(URI.create("/v1/accounts/" + id + "/monitors/" + monitor.id()))
        .body(response(monitor));
  }

  @Operation(
      operationId = "listMonitors",
      summary = "A wallet's balance monitors, oldest first (owner or operators).")
  @GetMapping
  MonitorsResponse monitors(Caller caller, @PathVariable long id) {
    return new MonitorsResponse(
        monitors.monitors(caller, AccountId.of(id)).stream()
            .map(MonitorController::response)
            .toList());
  }

  @Operation(
      operationId = "removeMonitor",
      summary = "Removes a balance monitor (owner or operators): 204.")
  @DeleteMapping("/{monitorId}")
  ResponseEntity<Void> remove(Caller caller, @PathVariable long id, @PathVariable long monitorId) {
    remove.remove(new RemoveMonitorCommand(caller, AccountId.of(id), monitorId));
    return ResponseEntity.noContent().build();
  }

  private static MonitorResponse response(BalanceMonitor monitor) {
    return new MonitorResponse(
        monitor.id(),
        monitor.accountId().value(),
        monitor.condition().field().wireName(),
        monitor.condition().operator().symbol(),
        monitor.condition().value(),
        monitor.conditionMet(),
        monitor.createdBy(),
        monitor.createdAt());
  }
}
