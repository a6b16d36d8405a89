package dev.ewallet.ledger.application;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.port.in.AdmitRequestCommand;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.ratelimit.RequestKind;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AdmissionServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AdmissionService admission = f.services.admission();

  private long allowed(Caller caller, RequestKind kind, int requests) {
    return IntStream.range(0, requests)
        .filter(i -> admission.admit(new AdmitRequestCommand(caller, kind)).allowed())
        .count();
  }

  @Test
  void aUserMovesMoneyTenTimesASecond() {
    assertThat(allowed(Caller.user(7), RequestKind.WRITE, 30)).isEqualTo(10);
    assertThat(allowed(Caller.user(8), RequestKind.WRITE, 5)).isEqualTo(5);
  }

  @Test
  void readsAreUnlimitedByDefaultAndOperatorsAreExempt() {
    assertThat(allowed(Caller.user(7), RequestKind.READ, 50)).isEqualTo(50);
    assertThat(allowed(LedgerServicesFixture.OPERATOR, RequestKind.WRITE, 50)).isEqualTo(50);
    assertThat(allowed(Caller.system(), RequestKind.WRITE, 50)).isEqualTo(50);
  }
}
