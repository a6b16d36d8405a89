package dev.ewallet.ledger.domain.port.in;

/**
 * What a sweep moved.
 *
 * @param sweptMinor the total moved from shards to the main account
 * @param transactions how many sweep transactions posted (one per shard that held money)
 */
public record SweepResult(long sweptMinor, int transactions) {}
