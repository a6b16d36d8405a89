package dev.ewallet.ledger.adapter.rest.console;

import dev.ewallet.ledger.adapter.rest.security.LedgerSecurityProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.http.CacheControl;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the operator console at {@code /console/} (the {@code console} module's bundle, ADR 0019):
 * its content-hashed files cached for good, its page revalidated, and on every console route the
 * headers of a page that holds a bearer token: a Content-Security-Policy that runs only the
 * bundle's own scripts and styles (no inline script) and talks only to this service and the
 * identity provider, no framing, no MIME sniffing, no referrer.
 */
@Configuration
@EnableConfigurationProperties(ConsoleProperties.class)
class ConsoleConfiguration implements WebMvcConfigurer {

  private static final Logger log = LoggerFactory.getLogger(ConsoleConfiguration.class);

  /**
   * Says where the console is once the service listens (bin/run shows it among the first lines).
   */
  @EventListener
  void announce(WebServerInitializedEvent event) {
    if (event.getApplicationContext().getParent() == null) {
      log.info("Operator console: http://localhost:{}/console/", event.getWebServer().getPort());
    }
  }

  @Override
  public void addResourceHandlers(ResourceHandlerRegistry registry) {
    registry
        .addResourceHandler("/console/assets/**")
        .addResourceLocations("classpath:/console/assets/")
        .setCacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable());
  }

  @Override
  public void addViewControllers(ViewControllerRegistry registry) {
    registry.addRedirectViewController("/console", "/console/");
  }

  @Bean
  FilterRegistrationBean<ConsoleHeaders> consoleHeaders(LedgerSecurityProperties security) {
    var registration = new FilterRegistrationBean<>(new ConsoleHeaders(policy(security.issuer())));
    registration.addUrlPatterns("/console", "/console/*");
    return registration;
  }

  /**
   * The policy: this origin only, plus the issuer's for the sign-in's discovery and token calls.
   */
  static String policy(String issuer) {
    String connect = "'self'";
    if (issuer != null && !issuer.isBlank()) {
      URI uri = URI.create(issuer);
      connect += " " + uri.getScheme() + "://" + uri.getRawAuthority();
    }
    return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        + " connect-src "
        + connect
        + "; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
  }

  static final class ConsoleHeaders extends OncePerRequestFilter {

    private final String policy;

    ConsoleHeaders(String policy) {
      this.policy = policy;
    }

    @Override
    protected void doFilterInternal(
        HttpServletRequest request, HttpServletResponse response, FilterChain chain)
        throws ServletException, IOException {
      response.setHeader("Content-Security-Policy", policy);
      response.setHeader("X-Frame-Options", "DENY");
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader("Referrer-Policy", "no-referrer");
      chain.doFilter(request, response);
    }
  }
}
