package dev.ewallet.ledger.adapter.rest.console;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the operator console signs in outside local mode (docs/console.md): the OpenID Connect client
 * the console is registered as at the issuer the service trusts.
 *
 * @param clientId the console's client id at the issuer (a public client: authorization code flow
 *     with PKCE, no secret), its redirect URI the service's {@code /console/}
 * @param scope the scopes the console asks for
 */
@ConfigurationProperties("ledger.console")
public record ConsoleProperties(
    String clientId, @DefaultValue("openid ledger.user ledger.operator") String scope) {}
