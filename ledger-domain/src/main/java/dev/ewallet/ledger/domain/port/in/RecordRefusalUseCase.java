package dev.ewallet.ledger.domain.port.in;

/**
 * Keeps the latest refusal of each caller's key ({@link IdempotencyKeyStatusQuery}); a key under
 * which something posted keeps no refusal that would hide it.
 */
public interface RecordRefusalUseCase {

  void record(RecordRefusalCommand command);
}
