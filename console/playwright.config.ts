import { defineConfig } from "@playwright/test";

// The console's browser tests: Debian's Chromium (CHROMIUM, /usr/bin/chromium by default; no
// browser is downloaded) against a running service in local mode (LEDGER_URL), one test at a time
// so that a loaded two-core machine answers every step in its own time.
export default defineConfig({
  testDir: "e2e",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.LEDGER_URL ?? "http://localhost:8080",
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" },
    actionTimeout: 20_000,
    screenshot: "only-on-failure",
    navigationTimeout: 30_000,
  },
});
