import { createHmac } from "node:crypto";

const SECRET =
  process.env.LEDGER_SECURITY_JWT_SECRET ?? "local-development-secret-change-me-0123456789";

/** A development token as bin/dev-token mints it: HS256 over the local secret, an hour to live. */
export function devToken(user: number, operator = false): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (json: object) => Buffer.from(JSON.stringify(json)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part({
    sub: String(user),
    scope: operator ? "ledger.user ledger.operator" : "ledger.user",
    iat: now,
    exp: now + 3600,
  })}`;
  return `${unsigned}.${createHmac("sha256", SECRET).update(unsigned).digest("base64url")}`;
}
