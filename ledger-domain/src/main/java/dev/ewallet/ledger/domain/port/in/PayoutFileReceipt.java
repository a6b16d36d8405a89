package dev.ewallet.ledger.domain.port.in;

import dev.ewallet.ledger.domain.money.Money;

/**
 * A payment file made or written again.
 *
 * @param leftAt where the file was left; {@code null} when it could not be ({@code problem} says
 *     why, and a resend writes it)
 */
public record PayoutFileReceipt(
    String fileId, Money total, int payouts, String leftAt, String problem) {}
