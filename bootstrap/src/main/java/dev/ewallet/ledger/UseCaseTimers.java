package dev.ewallet.ledger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wraps a use case in a timer {@value #METRIC} tagged with the use case's name and its outcome: the
 * exception's simple name, or {@code success}. One mechanism for every use case, none repeated.
 */
final class UseCaseTimers {

  static final String METRIC = "ledger.usecase";

  private final MeterRegistry registry;
  // Built once per use case and outcome: looking a meter up on every call costs the hot path.
  private final Map<String, Timer> timers = new ConcurrentHashMap<>();

  UseCaseTimers(MeterRegistry registry) {
    this.registry = registry;
  }

  private Timer timer(String useCase, String outcome) {
    return timers.computeIfAbsent(
        useCase + '/' + outcome,
        key ->
            Timer.builder(METRIC)
                .description("Time spent in a ledger use case")
                .tag("usecase", useCase)
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .register(registry));
  }

  <T> T timed(Class<T> port, T target) {
    Object proxy =
        Proxy.newProxyInstance(
            port.getClassLoader(),
            new Class<?>[] {port},
            (self, method, args) -> {
              if (method.getDeclaringClass() == Object.class) {
                return method.invoke(target, args);
              }
              Timer.Sample sample = Timer.start(registry);
              String outcome = "success";
              try {
                return method.invoke(target, args);
              } catch (InvocationTargetException e) {
                outcome = e.getCause().getClass().getSimpleName();
                throw e.getCause();
              } finally {
                sample.stop(timer(port.getSimpleName(), outcome));
              }
            });
    return port.cast(proxy);
  }
}
