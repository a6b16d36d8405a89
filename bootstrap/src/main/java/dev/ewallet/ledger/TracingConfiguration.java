package dev.ewallet.ledger;

import io.micrometer.observation.ObservationPredicate;
import io.micrometer.tracing.Tracer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.function.SingletonSupplier;

/**
 * What traces leave out. With export on, every JDBC statement would be a span; the background jobs
 * (audit flush, outbox monitor, partition checks) run statements every few hundred milliseconds
 * outside any request, and each would be a trace of its own, crowding the collector with noise the
 * operators never asked for. A statement is traced only inside traced work: a request, a posting
 * batch, an outbox relay. (The scheduled tasks' own observations are off in application.yml for the
 * same reason; the use-case timers measure the jobs.)
 */
@Configuration(proxyBeanMethods = false)
class TracingConfiguration {

  /** The tracer is looked up once, on the first statement, not once per statement. */
  @Bean
  ObservationPredicate statementsOnlyInsideTracedWork(ObjectProvider<Tracer> tracers) {
    SingletonSupplier<Tracer> tracer = SingletonSupplier.of(tracers::getObject);
    return (name, context) -> !name.startsWith("jdbc.") || tracer.obtain().currentSpan() != null;
  }
}
