package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.schedule.ScheduledTransfer;

/**
 * Pauses, resumes (runs that fell due while paused are skipped) or cancels a scheduled transfer. A
 * run already posting when it is paused or cancelled still posts.
 */
public interface ChangeScheduleUseCase {

  /**
   * @throws dev.ewallet.ledger.domain.error.ScheduleNotFoundException when it is not the caller's
   * @throws dev.ewallet.ledger.domain.error.ScheduleConflictException when its state forbids it
   */
  ScheduledTransfer change(ChangeScheduleCommand command);
}
