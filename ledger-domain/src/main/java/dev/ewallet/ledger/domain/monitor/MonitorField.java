package dev.ewallet.ledger.domain.monitor;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.util.Arrays;

/** Which amount of an account a monitor watches, by the name the API and events use. */
public enum MonitorField {
  /** What the owner can spend: the account's balance, moved by the entries posted to it. */
  BALANCE("balance"),
  /**
   * What the account has in pending holds and withdrawals: moved by placing, capturing, voiding and
   * expiring holds, and by requesting, completing and failing withdrawals.
   */
  HELD_AMOUNT("heldAmount"),
  /**
   * What pending deposits announce for the account: moved by announcing, settling and failing them;
   * an announcement or a failure posts nothing.
   */
  PENDING_IN("pendingIn");

  private final String wireName;

  MonitorField(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /**
   * The field of this name.
   *
   * @throws InvalidRequestException for any other name
   */
  public static MonitorField fromWire(String name) {
    return Arrays.stream(values())
        .filter(field -> field.wireName.equals(name))
        .findFirst()
        .orElseThrow(() ->
            new InvalidRequestException(
                "field must be one of "
                    + Arrays.stream(values()).map(MonitorField::wireName).toList()
                    + ", got "
                    + name));
  }
}
