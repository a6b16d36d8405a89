import { createHash } from "node:crypto";
import { expect, test, type Route } from "@playwright/test";
import { developmentToken } from "../src/session";
import { SECRET } from "./ledger";

// Production sign-in, in a real browser: the console is told (its config.json, answered here) that
// it runs against an OpenID Connect provider, which this test plays at ISSUER. The provider's access
// token is one the service under test (local mode) accepts, so the signed-in console works end to
// end. The service's Content-Security-Policy names no issuer in local mode, so this test alone
// bypasses it; the policy's issuer clause is ConsoleConfigurationTest's.
test.use({ bypassCSP: true });

const ISSUER = "https://idp.example.test";
const CLIENT_ID = "ledger-console";
const CORS = { "Access-Control-Allow-Origin": "*" };

function base64Url(bytes: Buffer | string): string {
  return Buffer.from(bytes).toString("base64url");
}

function idToken(nonce: string | null): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: ISSUER, aud: CLIENT_ID, sub: "1", nonce, iat: now, exp: now + 300 };
  return `${base64Url(JSON.stringify({ alg: "none" }))}.${base64Url(JSON.stringify(claims))}.`;
}

test("production sign-in is the code flow with PKCE, and the token stays in memory", async ({
  page,
}) => {
  const seen: { challenge?: string | null; method?: string | null; verifier?: string | null } = {};
  const accessToken = await developmentToken(SECRET, 1, true);
  let nonce: string | null = null;

  await page.route("**/console/config.json", (route) =>
    route.fulfill({
      json: {
        mode: "production",
        issuer: ISSUER,
        clientId: CLIENT_ID,
        scope: "openid ledger.operator",
      },
    }),
  );
  await page.route(`${ISSUER}/**`, async (route: Route) => {
    const url = new URL(route.request().url());
    switch (url.pathname) {
      case "/.well-known/openid-configuration":
        return route.fulfill({
          headers: CORS,
          json: {
            issuer: ISSUER,
            authorization_endpoint: `${ISSUER}/authorize`,
            token_endpoint: `${ISSUER}/token`,
            jwks_uri: `${ISSUER}/jwks`,
            response_types_supported: ["code"],
            code_challenge_methods_supported: ["S256"],
          },
        });
      case "/authorize": {
        seen.challenge = url.searchParams.get("code_challenge");
        seen.method = url.searchParams.get("code_challenge_method");
        nonce = url.searchParams.get("nonce");
        const back = new URL(url.searchParams.get("redirect_uri")!);
        back.searchParams.set("code", "the-code");
        back.searchParams.set("state", url.searchParams.get("state")!);
        return route.fulfill({ status: 302, headers: { Location: back.toString() } });
      }
      case "/token": {
        const form = new URLSearchParams(route.request().postData() ?? "");
        expect(form.get("grant_type")).toBe("authorization_code");
        expect(form.get("code")).toBe("the-code");
        expect(form.get("client_id")).toBe(CLIENT_ID);
        seen.verifier = form.get("code_verifier");
        return route.fulfill({
          headers: CORS,
          json: {
            access_token: accessToken,
            id_token: idToken(nonce),
            token_type: "Bearer",
            expires_in: 3600,
          },
        });
      }
      default:
        return route.fulfill({ status: 404, headers: CORS });
    }
  });

  await page.goto("/console/");
  await page.getByRole("button", { name: "Sign in with your identity provider" }).click();
  await expect(page.getByText("User 1 · operator")).toBeVisible();

  expect(seen.method).toBe("S256");
  expect(seen.challenge).toBe(base64Url(createHash("sha256").update(seen.verifier!).digest()));
  expect(page.url()).not.toContain("code=");
  const stored = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  );
  expect(stored).not.toContain(accessToken);

  await page.getByRole("link", { name: "Reconciliation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The books balance" })).toBeVisible({
    timeout: 60_000,
  });
});
