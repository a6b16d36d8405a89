package dev.ewallet.ledger.domain.bank;

import java.util.List;

/**
 * What has waited too long: how many, and the oldest of them, oldest first.
 *
 * @param count every one of them, also those not in {@code oldest}
 */
public record Overdue<T>(long count, List<T> oldest) {

  public Overdue {
    if (count < oldest.size()) {
      throw new IllegalArgumentException(count + " overdue but " + oldest.size() + " listed");
    }
    oldest = List.copyOf(oldest);
  }
}
