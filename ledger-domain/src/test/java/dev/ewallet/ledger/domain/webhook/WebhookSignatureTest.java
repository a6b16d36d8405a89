package dev.ewallet.ledger.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

  private static final Instant AT = Instant.parse("2026-12-07T10:00:00Z");
  private static final Duration TOLERANCE = Duration.ofMinutes(5);
  private static final String BODY = "{\"id\":\"e1\",\"type\":\"transaction.posted\"}";

  @Test
  void theHeaderIsTheTimestampAndTheHexHmacOfTimestampDotBody() {
    // HMAC-SHA256("whsec_test", "1796637600.{...}") computed independently (openssl dgst).
    String header = WebhookSignature.header(AT, BODY, List.of("whsec_test"));

    assertThat(header)
        .isEqualTo(
            "t=1796637600,v1=c5977113bee481ff3023b1b6a5b98625985d110b2f72fb12049b105344bb1086");
    assertThat(WebhookSignature.verify(header, BODY, "whsec_test", AT, TOLERANCE)).isTrue();
  }

  @Test
  void anotherSecretATamperedBodyOrAnOldTimestampDoNotVerify() {
    String header = WebhookSignature.header(AT, BODY, List.of("whsec_test"));

    assertThat(WebhookSignature.verify(header, BODY, "whsec_other", AT, TOLERANCE)).isFalse();
    assertThat(WebhookSignature.verify(header, BODY + " ", "whsec_test", AT, TOLERANCE)).isFalse();
    assertThat(
            WebhookSignature.verify(
                header, BODY, "whsec_test", AT.plus(Duration.ofMinutes(6)), TOLERANCE))
        .isFalse();
    assertThat(WebhookSignature.verify("v1=abc", BODY, "whsec_test", AT, TOLERANCE)).isFalse();
    assertThat(WebhookSignature.verify("t=x,v1=abc", BODY, "whsec_test", AT, TOLERANCE)).isFalse();
    assertThat(WebhookSignature.verify("garbage", BODY, "whsec_test", AT, TOLERANCE)).isFalse();
  }

  @Test
  void duringARotationBothSecretsSign() {
    String header = WebhookSignature.header(AT, BODY, List.of("whsec_new", "whsec_old"));

    assertThat(header.split(",v1=")).hasSize(3);
    assertThat(WebhookSignature.verify(header, BODY, "whsec_new", AT, TOLERANCE)).isTrue();
    assertThat(WebhookSignature.verify(header, BODY, "whsec_old", AT, TOLERANCE)).isTrue();
    assertThatThrownBy(() -> WebhookSignature.header(AT, BODY, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void secretsAreRandomAndRecognisable() {
    String one = WebhookSecret.generate();

    assertThat(one).startsWith("whsec_").hasSize(6 + 43);
    assertThat(WebhookSecret.generate()).isNotEqualTo(one);
  }
}
