package dev.ewallet.ledger.adapter.rest.console;

import dev.ewallet.ledger.adapter.rest.security.LedgerSecurityProperties;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.Locale;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The console's page and its sign-in settings. Not part of the API (hidden from the OpenAPI
 * document): the console calls only {@code /v1}, like any other client.
 */
@Hidden
@RestController
class ConsoleController {

  /** What the page needs before anyone signs in: how to sign in. Never a secret. */
  record ConsoleSettings(String mode, String issuer, String clientId, String scope) {}

  private static final Resource PAGE = new ClassPathResource("console/index.html");

  private final ConsoleSettings settings;

  ConsoleController(LedgerSecurityProperties security, ConsoleProperties console) {
    this.settings =
        new ConsoleSettings(
            security.mode().name().toLowerCase(Locale.ROOT),
            security.issuer(),
            console.clientId(),
            console.scope());
  }

  /** Always revalidated: it names the bundle's current files, which are cached for good. */
  @GetMapping(value = "/console/", produces = MediaType.TEXT_HTML_VALUE)
  ResponseEntity<Resource> page() {
    return ResponseEntity.ok().cacheControl(CacheControl.noCache()).body(PAGE);
  }

  @GetMapping(value = "/console/config.json", produces = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<ConsoleSettings> settings() {
    return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(settings);
  }
}
