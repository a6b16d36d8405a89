package dev.ewallet.ledger.adapter.rest.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.adapter.rest.RestSliceTest;
import jakarta.servlet.RequestDispatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;

/**
 * The container's error page as the container forwards to it: the status and the failed path come
 * as request attributes, and the answer is a problem that keeps the status and hides the fault.
 */
@WebMvcTest(ErrorPageController.class)
class ErrorPageControllerTest extends RestSliceTest {

  @Test
  void anExceptionOutsideSpringMvcIsAnInternalErrorThatRevealsNothing() {
    var reply =
        mvc.get()
            .uri("/error")
            .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, 500)
            .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/v1/transfers")
            .requestAttr(
                RequestDispatcher.ERROR_EXCEPTION,
                new IllegalStateException("connection to db-7.internal refused"));

    assertThat(reply)
        .hasStatus(500)
        .hasContentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo("INTERNAL_ERROR");
    assertThat(reply).bodyJson().extractingPath("$.instance").isEqualTo("/v1/transfers");
    assertThat(reply).bodyJson().extractingPath("$.status").isEqualTo(500);
    assertThat(reply).bodyText().doesNotContain("db-7").doesNotContain("IllegalState");
  }

  @ParameterizedTest
  @CsvSource({"405, METHOD_NOT_ALLOWED", "404, NOT_FOUND", "408, VALIDATION_FAILED"})
  void aStatusTheContainerSentKeepsItAndGetsTheCodeOfThatStatus(int status, String code) {
    assertThat(
            mvc.get()
                .uri("/error")
                .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, status)
                .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/v1/accounts/1"))
        .hasStatus(status)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo(code);
  }

  @Test
  void askedForByItsOwnPathTheErrorPageDoesNotExist() {
    assertThat(mvc.get().uri("/error"))
        .hasStatus(404)
        .bodyJson()
        .extractingPath("$.code")
        .isEqualTo("NOT_FOUND");
  }
}
