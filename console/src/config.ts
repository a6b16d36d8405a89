/**
 * How the console signs in, as the service that serves it says (/console/config.json): local mode
 * takes development tokens, production the OpenID Connect provider the service trusts.
 */
export interface ConsoleConfig {
  mode: "local" | "production";
  /** The OpenID Connect issuer (production). */
  issuer?: string;
  /** The console's client id at the issuer (production). */
  clientId?: string;
  /** The scopes asked for (production). */
  scope: string;
}

export async function loadConfig(): Promise<ConsoleConfig> {
  const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: "no-store" });
  if (!response.ok) {
    throw new Error(`the console's configuration could not be read (HTTP ${response.status})`);
  }
  return (await response.json()) as ConsoleConfig;
}
