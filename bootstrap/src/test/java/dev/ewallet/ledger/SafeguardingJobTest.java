package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SafeguardingJobTest {

  private static BankProperties.Account account(String number) {
    return new BankProperties.Account("Example Wallet JSC", null, number, null);
  }

  @Test
  void everyConfiguredCurrencyIsCheckedAgainAndOneThatFailsStopsNoOther() {
    Map<String, BankProperties.Account> accounts = new LinkedHashMap<>();
    accounts.put("EUR", account("1"));
    accounts.put("VND", account("2"));
    BankProperties bank =
        new BankProperties(
            "simulator",
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            Duration.ofHours(1),
            accounts,
            10_000,
            Duration.ofDays(1),
            Duration.ofDays(2),
            3);
    List<CurrencyCode> checked = new ArrayList<>();
    SafeguardingJob job =
        new SafeguardingJob(
            (caller, currency) -> {
              checked.add(currency);
              assertThat(caller.operator()).isTrue();
              if (currency.value().equals("EUR")) {
                throw new IllegalStateException("the database is gone");
              }
              return (SafeguardingCheck) null;
            },
            bank);

    job.checkEveryCurrency();

    assertThat(checked).containsExactlyInAnyOrder(CurrencyCode.of("EUR"), CurrencyCode.of("VND"));
  }
}
