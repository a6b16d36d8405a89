/**
 * The Redisson per-user rate limiter, which arrives with the traffic-spike issue. Balances never
 * live in Redis: it shares no ACID transaction with the ledger.
 */
package dev.ewallet.ledger.adapter.redis;
