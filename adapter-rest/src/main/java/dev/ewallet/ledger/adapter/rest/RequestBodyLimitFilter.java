package dev.ewallet.ledger.adapter.rest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over {@value #MAX_BODY_BYTES} bytes with 413: up front when the client
 * declares a larger {@code Content-Length}, and while reading when a chunked body grows past it.
 */
@Component
class RequestBodyLimitFilter extends OncePerRequestFilter {

  static final int MAX_BODY_BYTES = 16 * 1024;

  private final ProblemResponseWriter problems;

  RequestBodyLimitFilter(ProblemResponseWriter problems) {
    this.problems = problems;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getContentLengthLong() > MAX_BODY_BYTES) {
      problems.write(request, response, ProblemCode.PAYLOAD_TOO_LARGE, tooLarge());
      return;
    }
    chain.doFilter(new LimitedBodyRequest(request), response);
  }

  static String tooLarge() {
    return "the request body exceeds " + MAX_BODY_BYTES + " bytes";
  }

  /** Thrown while reading a body that grew past the limit; the problem handler answers 413. */
  static final class PayloadTooLargeException extends IOException {
    PayloadTooLargeException() {
      super(tooLarge());
    }
  }

  private static final class LimitedBodyRequest extends HttpServletRequestWrapper {

    private ServletInputStream limited;

    LimitedBodyRequest(HttpServletRequest request) {
      super(request);
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (limited == null) {
        limited = new LimitedInputStream(super.getInputStream());
      }
      return limited;
    }
  }

  private static final class LimitedInputStream extends ServletInputStream {

    private final ServletInputStream delegate;
    private long read;

    LimitedInputStream(ServletInputStream delegate) {
      this.delegate = delegate;
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
      if (read > MAX_BODY_BYTES) {
        throw new PayloadTooLargeException();
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
