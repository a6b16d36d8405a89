package dev.ewallet.ledger.adapter.rest.problem;

import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.adapter.rest.security.CallerArgumentResolver;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.port.in.RecordRefusalCommand;
import dev.ewallet.ledger.domain.port.in.RecordRefusalUseCase;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keeps the refusal of a request sent under an idempotency key, as answered, for {@code GET
 * /v1/idempotency-keys/{key}}: a refused request claims nothing, so without this a client that lost
 * the answer could learn it only by sending the request again. Only the ledger's refusals of a
 * write are kept (4xx, not a reused key, whose problem belongs to the request that used it first);
 * failing to keep one never changes the answer.
 */
@Component
class KeyedRefusals {

  private static final Logger LOG = LoggerFactory.getLogger(KeyedRefusals.class);

  private final RecordRefusalUseCase refusals;
  private final JsonMapper json;
  private final Clock clock;

  KeyedRefusals(RecordRefusalUseCase refusals, JsonMapper json, Clock clock) {
    this.refusals = refusals;
    this.json = json;
    this.clock = clock;
  }

  void keep(HttpServletRequest request, ProblemCode code, ProblemDetail problem) {
    String key = request.getHeader(RequestFields.IDEMPOTENCY_KEY);
    if (!HttpMethod.POST.matches(request.getMethod())
        || key == null
        || !IdempotencyKey.isWellFormed(key)
        || !code.status().is4xxClientError()
        || code == ProblemCode.IDEMPOTENCY_KEY_REUSED) {
      return;
    }
    CallerArgumentResolver.current()
        .ifPresent(caller -> {
          try {
            if (problem.getInstance() == null) {
              problem.setInstance(URI.create(request.getRequestURI()));
            }
            refusals.record(
                new RecordRefusalCommand(
                    caller,
                    IdempotencyKey.of(key),
                    new StoredRefusal(
                        code.status().value(),
                        code.name(),
                        json.writeValueAsString(problem),
                        clock.instant().truncatedTo(ChronoUnit.MICROS))));
          } catch (RuntimeException e) {
            LOG.warn("the refusal under key {} was answered but not kept: {}", key, e.toString());
          }
        });
  }
}
