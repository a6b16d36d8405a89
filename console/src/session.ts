/**
 * Who is signed in: the bearer token, kept in memory only (never in storage or a cookie), with what
 * the console reads from it to decide what to show. The service decides what is allowed; the
 * console only hides what would be refused.
 */
export interface Session {
  token: string;
  userId: number;
  operator: boolean;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export const OPERATOR_SCOPE = "ledger.operator";

/** The session a bearer token stands for, read from its claims (the service verifies them). */
export function sessionOf(token: string): Session {
  const part = token.split(".")[1];
  if (!part) {
    throw new Error("not a JSON Web Token");
  }
  const claims = JSON.parse(base64UrlDecode(part)) as {
    sub?: string;
    scope?: string;
    scp?: string[] | string;
    exp?: number;
  };
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId) || userId <= 0) {
    throw new Error("the token's sub is not a user id");
  }
  const scopes =
    typeof claims.scp === "string"
      ? claims.scp.split(" ")
      : (claims.scp ?? (claims.scope ?? "").split(" "));
  return {
    token,
    userId,
    operator: scopes.includes(OPERATOR_SCOPE),
    expiresAt: claims.exp ?? 0,
  };
}

/**
 * A development token, exactly as `bin/dev-token` mints one: HS256 over the local mode's secret,
 * `sub` the user id, `scope` the user's and perhaps the operator's, an hour to live. Only a service
 * in local mode holding the same secret accepts it.
 */
export async function developmentToken(
  secret: string,
  userId: number,
  operator: boolean,
  now: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  const encoder = new TextEncoder();
  const header = base64UrlEncode(encoder.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));
  const payload = base64UrlEncode(
    encoder.encode(
      JSON.stringify({
        sub: String(userId),
        scope: operator ? `ledger.user ${OPERATOR_SCOPE}` : "ledger.user",
        iat: now,
        exp: now + 3600,
      }),
    ),
  );
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64UrlEncode(new Uint8Array(signature))}`;
}

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
