package dev.ewallet.ledger;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The bank that pays withdrawals out ({@code ledger.bank.*}).
 *
 * @param gateway which {@code BankPayoutGateway} adapter pays out; required, so that a production
 *     service never pays out through the simulator by default ({@code simulator} for local runs and
 *     tests)
 * @param payoutResendInterval how often the payout job looks for withdrawals whose bank request was
 *     never sent
 * @param payoutResendAfter how old such a withdrawal must be before the job sends it (younger ones
 *     may still be on their way from the request that committed them)
 * @param pendingWarningAfter how long a withdrawal may stay pending before the {@code withdrawals}
 *     health component warns
 */
@ConfigurationProperties("ledger.bank")
record BankProperties(
    String gateway,
    @DefaultValue("PT30S") Duration payoutResendInterval,
    @DefaultValue("PT30S") Duration payoutResendAfter,
    @DefaultValue("PT1H") Duration pendingWarningAfter) {}
