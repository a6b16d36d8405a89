package dev.ewallet.ledger.adapter.rest;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.jwt;

import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapperImpl;
import dev.ewallet.ledger.adapter.rest.problem.ProblemResponseWriter;
import dev.ewallet.ledger.adapter.rest.security.CallerAuthenticationConverter;
import dev.ewallet.ledger.adapter.rest.security.LedgerSecurityConfiguration;
import dev.ewallet.ledger.domain.port.in.AdmitRequestUseCase;
import dev.ewallet.ledger.domain.port.in.RecordAuditEventUseCase;
import dev.ewallet.ledger.domain.ratelimit.RateLimitDecision;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/**
 * What every web slice shares: the adapter's real security chain, filters and problem handler in
 * front of mocked use cases, so a test sees exactly what a client would, without a database.
 */
@Import({
  LedgerSecurityConfiguration.class,
  LedgerApiMapperImpl.class,
  ProblemResponseWriter.class,
  RestSliceTest.Meters.class
})
@TestPropertySource(
    properties = {
      "ledger.security.mode=local",
      "ledger.security.jwt-secret=web-slice-tests-only-secret-of-more-than-32-bytes"
    })
public abstract class RestSliceTest {

  @TestConfiguration(proxyBeanMethods = false)
  static class Meters {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  @MockitoBean protected AdmitRequestUseCase admission;
  @MockitoBean protected RecordAuditEventUseCase audit;
  @Autowired protected MockMvcTester mvc;

  @BeforeEach
  void admitEveryRequest() {
    when(admission.admit(any())).thenReturn(RateLimitDecision.ALLOWED);
  }

  protected static RequestPostProcessor user(long id) {
    return jwt().jwt(token -> token.subject(String.valueOf(id)));
  }

  protected static RequestPostProcessor operator(long id) {
    return jwt()
        .jwt(token -> token.subject(String.valueOf(id)))
        .authorities(new SimpleGrantedAuthority(CallerAuthenticationConverter.OPERATOR_AUTHORITY));
  }
}
