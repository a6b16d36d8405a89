package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.problem.ProblemCode;
import dev.ewallet.ledger.adapter.rest.problem.ProblemResponseWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over {@value #MAX_BODY_BYTES} bytes ({@value #MAX_BATCH_BODY_BYTES} for a
 * batch of transfers, up to a hundred transfers' bodies; {@code ledger.bank.statement-max-bytes},
 * 20 MiB by default, for a bank file) with 413: up front when the client declares a larger {@code
 * Content-Length}, and while reading when a chunked body grows past it.
 */
@Component
public class RequestBodyLimitFilter extends OncePerRequestFilter {

  static final int MAX_BODY_BYTES = 16 * 1024;

  static final int MAX_BATCH_BODY_BYTES = 1024 * 1024;

  private final ProblemResponseWriter problems;
  private final long maxBankFileBytes;

  RequestBodyLimitFilter(
      ProblemResponseWriter problems,
      @Value("${ledger.bank.statement-max-bytes:20971520}") long maxBankFileBytes) {
    this.problems = problems;
    this.maxBankFileBytes = maxBankFileBytes;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long limit =
        switch (request.getRequestURI()) {
          case "/v1/transfer-batches" -> MAX_BATCH_BODY_BYTES;
          case "/v1/bank-statements" -> maxBankFileBytes;
          default -> MAX_BODY_BYTES;
        };
    if (request.getContentLengthLong() > limit) {
      problems.write(request, response, ProblemCode.PAYLOAD_TOO_LARGE, tooLarge(limit));
      return;
    }
    chain.doFilter(new LimitedBodyRequest(request, limit), response);
  }

  private static String tooLarge(long limit) {
    return "the request body exceeds " + limit + " bytes";
  }

  /** Thrown while reading a body that grew past the limit; the problem handler answers 413. */
  public static final class PayloadTooLargeException extends IOException {
    public PayloadTooLargeException(long limit) {
      super(tooLarge(limit));
    }
  }

  private static final class LimitedBodyRequest extends HttpServletRequestWrapper {

    private final long limit;
    private ServletInputStream limited;

    LimitedBodyRequest(HttpServletRequest request, long limit) {
      super(request);
      this.limit = limit;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (limited == null) {
        limited = new LimitedInputStream(super.getInputStream(), limit);
      }
      return limited;
    }
  }

  private static final class LimitedInputStream extends ServletInputStream {

    private final ServletInputStream delegate;
    private final long limit;
    private long read;

    LimitedInputStream(ServletInputStream delegate, long limit) {
      this.delegate = delegate;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = delegate.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = delegate.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws PayloadTooLargeException {
      read += n;
      if (read > limit) {
        throw new PayloadTooLargeException(limit);
      }
    }

    @Override
    public boolean isFinished() {
      return delegate.isFinished();
    }

    @Override
    public boolean isReady() {
      return delegate.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      delegate.setReadListener(listener);
    }
  }
}
