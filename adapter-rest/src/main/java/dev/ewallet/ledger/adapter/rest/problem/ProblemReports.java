package dev.ewallet.ledger.adapter.rest.problem;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Tomcat refuses some requests before any servlet sees them: a request line, URL encoding or header
 * it cannot read, headers beyond its size limit. Its error report valve answers those with an HTML
 * page; this one answers the same problem document as every other error. It takes the place of the
 * report valve Spring Boot puts on the host, so it runs after Spring Boot's own customizer.
 */
@Component
class ProblemReports
    implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

  private final ProblemResponseWriter problems;

  ProblemReports(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  public void customize(ConfigurableTomcatWebServerFactory factory) {
    factory.addContextCustomizers(context -> {
      if (context.getParent() instanceof StandardHost host) {
        // The host adds a report valve of this class when it starts, unless it has one already.
        host.setErrorReportValveClass(ProblemReportValve.class.getName());
        Pipeline pipeline = host.getPipeline();
        for (Valve valve : pipeline.getValves()) {
          if (valve instanceof ErrorReportValve) {
            pipeline.removeValve(valve);
          }
        }
        pipeline.addValve(new ProblemReportValve(problems));
      }
    });
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  /** The report of an error response nothing has written a body for yet, as a problem. */
  static final class ProblemReportValve extends ErrorReportValve {

    private final ProblemResponseWriter problems;

    ProblemReportValve(ProblemResponseWriter problems) {
      this.problems = problems;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
      int status = response.getStatus();
      if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
        return;
      }
      AtomicBoolean ioAllowed = new AtomicBoolean();
      response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
      if (!ioAllowed.get()) {
        return;
      }
      try {
        problems.writeStatus(request, response, status);
        response.finishResponse();
      } catch (IOException | IllegalStateException connectionGone) {
        // The client has gone or the response can no longer be written: nothing to tell anyone.
      }
    }
  }
}
