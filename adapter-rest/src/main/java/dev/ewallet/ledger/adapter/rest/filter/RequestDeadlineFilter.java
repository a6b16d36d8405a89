package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.runtime.RequestDeadline;
import dev.ewallet.ledger.runtime.TimeoutBudget;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Starts every request's deadline ({@code ledger.request-timeout}, less the margin to answer)
 * before anything else runs, so the database adapter and the posting engine bound their waits by
 * what is left of it (ADR 0010).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestDeadlineFilter extends OncePerRequestFilter {

  private final TimeoutBudget budget;

  RequestDeadlineFilter(ObjectProvider<TimeoutBudget> budget) {
    this.budget = budget.getIfAvailable(() -> TimeoutBudget.DEFAULT);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try (RequestDeadline.Scope deadline = RequestDeadline.start(budget.work())) {
      chain.doFilter(request, response);
    }
  }
}
