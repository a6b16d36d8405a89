package dev.ewallet.ledger.adapter.rest.filter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Sends each answer to the socket once. Spring MVC flushes a response as soon as it has written the
 * body, which commits it before its length is known: the answer then goes out chunked, in two
 * writes (the headers with the body, then the closing chunk). Here a flush asked for by the
 * application does nothing, so the server sends the whole answer when the request ends, with a
 * {@code Content-Length}, in one write. A body larger than the server's response buffer (8 KiB)
 * still goes out as the buffer fills, so nothing is held in memory beyond that buffer.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class SingleWriteResponseFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    chain.doFilter(request, new UnflushedResponse(response));
  }

  private static final class UnflushedResponse extends HttpServletResponseWrapper {

    private ServletOutputStream body;

    UnflushedResponse(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void flushBuffer() {
      // The server flushes when the request ends or its buffer fills.
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (body == null) {
        body = new UnflushedBody(super.getOutputStream());
      }
      return body;
    }
  }

  private static final class UnflushedBody extends ServletOutputStream {

    private final ServletOutputStream target;

    UnflushedBody(ServletOutputStream target) {
      this.target = target;
    }

    @Override
    public void write(int b) throws IOException {
      target.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      target.write(bytes, offset, length);
    }

    @Override
    public void flush() {
      // As flushBuffer: the server sends the answer once it is complete.
    }

    @Override
    public void close() throws IOException {
      target.close();
    }

    @Override
    public boolean isReady() {
      return target.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      target.setWriteListener(listener);
    }
  }
}
