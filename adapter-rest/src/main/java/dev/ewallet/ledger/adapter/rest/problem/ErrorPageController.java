package dev.ewallet.ledger.adapter.rest.problem;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * The servlet container's error page, in place of Spring Boot's: what reaches it is an error known
 * by its status alone, one the container sent (a method it never serves, such as {@code TRACE}) or
 * an exception thrown outside Spring MVC, which the container has logged. It answers, as every
 * other error does, a problem with a code. Asked for by its own path, it is a resource that does
 * not exist, not an error of the service.
 */
@Controller
class ErrorPageController implements ErrorController {

  private final ProblemResponseWriter problems;

  ErrorPageController(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @RequestMapping("${server.error.path:${error.path:/error}}")
  void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
    int status =
        request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer sent
            ? sent
            : HttpServletResponse.SC_NOT_FOUND;
    problems.writeStatus(request, response, status);
  }
}
