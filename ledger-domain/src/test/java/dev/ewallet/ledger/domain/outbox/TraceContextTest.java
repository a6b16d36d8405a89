package dev.ewallet.ledger.domain.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TraceContextTest {

  private static final String SAMPLED = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  @Test
  void aTraceparentIsReadAndWrittenBackUnchanged() {
    TraceContext context = TraceContext.fromTraceparent(SAMPLED);

    assertThat(context.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(context.spanId()).isEqualTo("00f067aa0ba902b7");
    assertThat(context.sampled()).isTrue();
    assertThat(context.traceparent()).isEqualTo(SAMPLED);
    assertThat(TraceContext.fromTraceparent(SAMPLED.replace("-01", "-00")).sampled()).isFalse();
  }

  @Test
  void malformedOrAbsentHeadersMeanNoTrace() {
    assertThat(TraceContext.fromTraceparent(null)).isEqualTo(TraceContext.NONE);
    assertThat(TraceContext.fromTraceparent("")).isEqualTo(TraceContext.NONE);
    assertThat(TraceContext.fromTraceparent("01-" + SAMPLED.substring(3)))
        .isEqualTo(TraceContext.NONE);
    assertThat(TraceContext.fromTraceparent("00-" + "0".repeat(32) + "-00f067aa0ba902b7-01"))
        .isEqualTo(TraceContext.NONE);
    assertThat(TraceContext.fromTraceparent(SAMPLED.replace('4', 'x')))
        .isEqualTo(TraceContext.NONE);
    assertThat(TraceContext.NONE.traceparent()).isNull();
    assertThat(TraceContext.NONE.isNone()).isTrue();
  }

  @Test
  void aContextIsEitherNoneOrWhole() {
    assertThatThrownBy(() -> new TraceContext("4bf92f3577b34da6a3ce929d0e0e4736", "", true))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TraceContext("ABC", "00f067aa0ba902b7", true))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
