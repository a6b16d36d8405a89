package dev.ewallet.ledger.domain.webhook;

/** Where a delivery stands. */
public enum DeliveryStatus {
  /** Not yet answered with a 2xx: it is sent (again) when due. */
  PENDING,
  /** The receiver answered 2xx. */
  DELIVERED,
  /** Retried for the whole retry window without a 2xx; only a redelivery sends it again. */
  FAILED
}
