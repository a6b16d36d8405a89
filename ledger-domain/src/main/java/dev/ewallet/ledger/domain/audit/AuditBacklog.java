package dev.ewallet.ledger.domain.audit;

/**
 * Audit events recorded but not yet written, and those dropped because the backlog was full (the
 * database unreachable for long).
 */
public record AuditBacklog(int pending, long dropped) {}
