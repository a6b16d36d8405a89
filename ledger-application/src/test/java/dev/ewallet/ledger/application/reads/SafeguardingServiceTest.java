package dev.ewallet.ledger.application.reads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck;
import dev.ewallet.ledger.domain.bank.SafeguardingCheck.StatementRef;
import dev.ewallet.ledger.domain.bank.SafeguardingShortfall;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.Caller;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SafeguardingServiceTest {

  private static final CurrencyCode EUR = CurrencyCode.of("EUR");
  private static final SafeguardingAccount ACCOUNT =
      new SafeguardingAccount(
          EUR, new BankParty("Wallet Ltd", BankAccountNumber.of("DE89370400440532013000"), null));
  private static final Instant NOW = Instant.parse("2026-12-06T08:00:00Z");

  /** What the bank reported on the latest statement, which the test moves on. */
  private final AtomicLong statement = new AtomicLong(1);

  private long bankClosing = 1_000;
  private final List<SafeguardingCheck> watched = new ArrayList<>();
  private final List<SafeguardingShortfall> announced = new ArrayList<>();
  private final Set<Long> recordedStatements = new HashSet<>();

  private final SafeguardingService service =
      new SafeguardingService(
          account ->
              new SafeguardingCheck(
                  EUR,
                  account,
                  new StatementRef(statement.get(), "MSG-" + statement, "STMT-" + statement),
                  Money.of(bankClosing, EUR),
                  Money.of(1_000, EUR),
                  Money.zero(EUR),
                  Money.zero(EUR),
                  Money.zero(EUR)),
          watched::add,
          shortfall -> {
            boolean first = recordedStatements.add(shortfall.check().statement().id());
            if (first) {
              announced.add(shortfall);
            }
            return first;
          },
          List.of(ACCOUNT),
          Clock.fixed(NOW, ZoneOffset.UTC));

  @Test
  void aShortfallIsAnnouncedOncePerStatementHoweverOftenItIsChecked() {
    bankClosing = 900;

    service.check(Caller.operator(1), EUR);
    service.check(Caller.system(), EUR);
    statement.set(2);
    service.check(Caller.system(), EUR);

    assertThat(watched).hasSize(3);
    assertThat(announced)
        .extracting(
            s -> s.check().statement().id(), s -> s.check().difference(), s -> s.detectedAt())
        .containsExactly(tuple(1L, Money.of(-100, EUR), NOW), tuple(2L, Money.of(-100, EUR), NOW));
  }

  @Test
  void aBankHoldingEnoughAnnouncesNothing() {
    service.check(Caller.operator(1), EUR);

    assertThat(watched).singleElement().matches(check -> !check.shortfall());
    assertThat(announced).isEmpty();
  }

  @Test
  void onlyOperatorsCheckAndOnlyConfiguredCurrencies() {
    assertThatThrownBy(() -> service.check(Caller.user(7), EUR))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> service.check(Caller.operator(1), CurrencyCode.of("USD")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("ledger.bank.accounts.USD");
    assertThat(watched).isEmpty();
  }
}
