package dev.ewallet.ledger.domain.audit;

import java.time.Instant;

/**
 * Which audit events to read; every criterion is optional ({@code null}).
 *
 * @param accountId events that named this account
 * @param actor events of this token subject
 * @param from events at or after this instant
 * @param to events before this instant
 */
public record AuditFilter(Long accountId, String actor, Instant from, Instant to) {}
