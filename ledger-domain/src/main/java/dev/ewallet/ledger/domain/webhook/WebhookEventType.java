package dev.ewallet.ledger.domain.webhook;

import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.monitor.MonitorTriggered;
import java.util.Arrays;

/** The events a webhook endpoint may ask for, by the names deliveries carry in {@code type}. */
public enum WebhookEventType {
  /** Every posted journal transaction: its data is the ledger event of docs/events.md. */
  TRANSACTION_POSTED("transaction.posted"),
  /** A balance monitor fired. */
  BALANCE_MONITOR_TRIGGERED(MonitorTriggered.TYPE),
  /** An operator froze a wallet or lifted its freeze. */
  ACCOUNT_STATUS_CHANGED(AccountStatusChanged.TYPE),
  /** A safeguarding check found the bank short. */
  SAFEGUARDING_SHORTFALL("safeguarding.shortfall"),
  /** A checkpoint of the books was signed (docs/proofs.md). */
  CHECKPOINT_SIGNED(SignedCheckpoint.EVENT_TYPE);

  private final String wireName;

  WebhookEventType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /**
   * The type of this name.
   *
   * @throws InvalidRequestException for any other name
   */
  public static WebhookEventType fromWire(String name) {
    return Arrays.stream(values())
        .filter(type -> type.wireName.equals(name))
        .findFirst()
        .orElseThrow(() ->
            new InvalidRequestException(
                "unknown event type "
                    + name
                    + "; the types are "
                    + Arrays.stream(values()).map(WebhookEventType::wireName).toList()));
  }
}
