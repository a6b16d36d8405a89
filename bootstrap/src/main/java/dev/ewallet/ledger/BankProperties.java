package dev.ewallet.ledger;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
 * @param accounts the ledger's own (safeguarding) account at its bank per currency code, what bank
 *     statements report on and payouts are paid from
 * @param payoutFileMaxPayouts the most withdrawals one payment file holds; more wait for the next
 *     run
 * @param unmatchedLineAge how long a statement line may wait in the exceptions queue, by its
 *     booking date, before reconciliation's bank view lists it
 * @param settlementTime how long the bank usually takes to pay a withdrawal out; one pending longer
 *     is listed by reconciliation's bank view
 * @param matchWindowDays how many days a credit's value date may be from a pending deposit's
 *     announcement, or a debit's after a payout was sent, for a statement to match them by amount
 */
@ConfigurationProperties("ledger.bank")
record BankProperties(
    String gateway,
    @DefaultValue("PT30S") Duration payoutResendInterval,
    @DefaultValue("PT30S") Duration payoutResendAfter,
    @DefaultValue("PT1H") Duration pendingWarningAfter,
    Map<String, Account> accounts,
    @DefaultValue("10000") int payoutFileMaxPayouts,
    @DefaultValue("P1D") Duration unmatchedLineAge,
    @DefaultValue("P2D") Duration settlementTime,
    @DefaultValue("3") int matchWindowDays) {

  /**
   * One bank account of the ledger's ({@code ledger.bank.accounts.<CURRENCY>.*}).
   *
   * @param holderName the account holder as the bank knows it
   * @param iban the account's IBAN; or
   * @param accountNumber its local account number, for a bank without IBANs
   * @param bic the bank's BIC; optional
   */
  record Account(String holderName, String iban, String accountNumber, String bic) {}

  /** The configured accounts as domain values; none when none is configured. */
  List<SafeguardingAccount> safeguardingAccounts() {
    if (accounts == null) {
      return List.of();
    }
    return accounts.entrySet().stream()
        .map(entry -> {
          Account account = entry.getValue();
          if ((account.iban() == null) == (account.accountNumber() == null)) {
            throw new IllegalStateException(
                "ledger.bank.accounts."
                    + entry.getKey()
                    + " needs exactly one of iban and account-number");
          }
          BankAccountNumber number =
              account.iban() != null
                  ? BankAccountNumber.iban(account.iban())
                  : BankAccountNumber.local(account.accountNumber());
          return new SafeguardingAccount(
              CurrencyCode.of(entry.getKey()),
              new BankParty(account.holderName(), number, account.bic()));
        })
        .toList();
  }
}
