import { InMemoryWebStorage, UserManager, WebStorageStateStore } from "oidc-client-ts";
import type { ConsoleConfig } from "./config";

/**
 * Production sign-in: the OpenID Connect authorization code flow with PKCE against the issuer the
 * service trusts. The tokens are kept in memory only; the browser's session storage holds only
 * the flow's state (its PKCE verifier) between the redirect and the return.
 */
export function identityProvider(config: ConsoleConfig): UserManager {
  if (!config.issuer || !config.clientId) {
    throw new Error("production sign-in needs ledger.console.issuer and ledger.console.client-id");
  }
  const home = `${window.location.origin}${import.meta.env.BASE_URL}`;
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: home,
    post_logout_redirect_uri: home,
    response_type: "code",
    scope: config.scope,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: false,
  });
}

/** The access token when the page is the provider's redirect back, else null. */
export async function returnFromProvider(manager: UserManager): Promise<string | null> {
  const params = new URLSearchParams(window.location.search);
  if (!params.has("code") || !params.has("state")) {
    return null;
  }
  const user = await manager.signinRedirectCallback();
  window.history.replaceState(null, "", import.meta.env.BASE_URL);
  return user.access_token;
}
