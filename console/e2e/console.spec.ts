import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ok, type LedgerClient } from "@ewallet/ledger-client";
import {
  balanceOf,
  clientAs,
  deposit,
  freshUserId,
  hold,
  openWallet,
  transfer,
  withdraw,
} from "./ledger";

// One story of an operator's day and a customer's look, in order, against the real service: each
// test builds on what the earlier ones did to this run's own wallets.
test.describe.configure({ mode: "serial" });

const owner = freshUserId();
const payee = owner + 1;
let operator: LedgerClient;
let customer: LedgerClient;
let wallet: number;
let savings: number;
let payeeWallet: number;
let toReverse: string;
let toRefund: string;
let payout: string;

test.beforeAll(async () => {
  operator = await clientAs(1, true);
  customer = await clientAs(owner);
  wallet = await openWallet(customer);
  savings = await openWallet(customer);
  payeeWallet = await openWallet(await clientAs(payee));
  await deposit(operator, wallet, 1_000_000, `top-up-${owner}`);
  toReverse = await transfer(customer, wallet, payeeWallet, 100_000);
  toRefund = await transfer(customer, wallet, payeeWallet, 50_000, `refund-me-${owner}`);
  await transfer(customer, wallet, savings, 20_000);
  payout = await withdraw(customer, savings, 5_000);
  await hold(customer, savings, payeeWallet, 7_000, new Date(Date.now() + 3_600_000));
});

// No screen may throw: an uncaught error in the page fails the test that caused it.
const pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors.length = 0;
  page.on("pageerror", (error) => pageErrors.push(`${error.message}\n${error.stack ?? ""}`));
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function signIn(page: Page, userId: number, asOperator: boolean) {
  await page.goto("/console/");
  await page.getByLabel("User id").fill(String(userId));
  await page.getByLabel("Operator (scope ledger.operator)").setChecked(asOperator);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page.getByText(asOperator ? `User ${userId} · operator` : `User ${userId} · read-only`),
  ).toBeVisible();
}

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * With CONSOLE_SCREENSHOTS set to a folder (`npm run screenshots`: docs/console), the screen as
 * the test left it, for docs/console.md.
 */
async function screenshot(page: Page, name: string) {
  const folder = process.env.CONSOLE_SCREENSHOTS;
  if (folder) {
    await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  }
}

function fact(page: Page, name: string) {
  return page
    .locator("dl.facts > div")
    .filter({ has: page.locator("dt").getByText(name, { exact: true }) })
    .locator("dd");
}

test("the sign-in page is accessible and sends no token before signing in", async ({ page }) => {
  await page.goto("/console/");
  await expect(
    page.getByRole("heading", { name: "Development sign-in (local mode)" }),
  ).toBeVisible();
  await noSeriousViolations(page);
  await screenshot(page, "sign-in");
});

test("an operator finds a wallet by its owner", async ({ page }) => {
  await signIn(page, 1, true);
  await page.getByLabel("Search by").selectOption("owner");
  await page.getByLabel("Search", { exact: true }).fill(String(owner));
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("link", { name: `${wallet} (VND)` })).toBeVisible();
  await expect(page.getByRole("link", { name: `${savings} (VND)` })).toBeVisible();
  await noSeriousViolations(page);
  await screenshot(page, "find");

  await page.getByRole("link", { name: `${wallet} (VND)` }).click();
  await expect(page.getByRole("heading", { name: `Wallet ${wallet} (VND)` })).toBeVisible();
  await expect(fact(page, "Balance")).toHaveText("830,000 VND");
  await expect(fact(page, "Owner")).toHaveText(`User ${owner}`);
  await noSeriousViolations(page);
  await screenshot(page, "wallet");
});

test("the history narrows by two filters and links each entry to its transaction", async ({
  page,
}) => {
  await signIn(page, 1, true);
  await page.goto(`/console/#/wallets/${wallet}`);
  const history = page.getByRole("table", { name: "Entries, newest first" });
  await expect(history.getByRole("row")).toHaveCount(5); // the header, the deposit, three transfers
  const filters = page.getByRole("form", { name: "History filters" });
  await filters.getByLabel("Direction").selectOption("out");
  await filters.getByLabel("Amount at least").fill("30000");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(history).toContainText("-100,000 VND");
  await expect(history).toContainText("-50,000 VND");
  await expect(history).not.toContainText("-20,000 VND");

  await history.getByRole("link", { name: toReverse.slice(0, 8) }).click();
  await expect(page.getByRole("heading", { name: `TRANSFER ${toReverse}` })).toBeVisible();
});

test("a transaction is found by its reference and by its id", async ({ page }) => {
  await signIn(page, 1, true);
  await page.getByLabel("Search by").selectOption("reference");
  await page.getByLabel("Search", { exact: true }).fill(`top-up-${owner}`);
  await page.getByRole("button", { name: "Find" }).click();
  const found = page.getByRole("table", { name: "Transactions" });
  await expect(found.getByRole("row")).toHaveCount(2);
  await expect(found).toContainText("DEPOSIT");

  await page.getByLabel("Search by").selectOption("auto");
  await page.getByLabel("Search", { exact: true }).fill(toReverse);
  await page.getByRole("button", { name: "Find" }).click();
  await found.getByRole("link", { name: toReverse }).click();
  await expect(page.getByRole("heading", { name: `TRANSFER ${toReverse}` })).toBeVisible();
});

test("a transaction is found by the idempotency key that posted it", async ({ page }) => {
  await signIn(page, 1, true);
  await page.getByLabel("Search by").selectOption("key");
  await page.getByLabel("Search", { exact: true }).fill(`refund-me-${owner}`);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText("Nothing found.")).toBeVisible(); // the operator's own key
  const whose = page.getByRole("form", { name: "Whose key" });
  await whose.getByLabel("Key of user").fill(String(owner));
  await whose.getByRole("button", { name: "Look up" }).click();
  await expect(
    page.getByRole("table", { name: "Transactions" }).getByRole("link", { name: toRefund }),
  ).toBeVisible();
  await noSeriousViolations(page);
});

test("the wallet's chain verifies and its statement downloads as CSV", async ({ page }) => {
  await signIn(page, 1, true);
  await page.goto(`/console/#/wallets/${wallet}`);
  await page.getByRole("button", { name: "Verify the chain" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verified: 4 entries" })).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const statement = page.getByRole("form", { name: "Statement (CSV)" });
  await statement.getByLabel("From (UTC day)").fill(today);
  await statement.getByLabel("To (UTC day, not included)").fill(tomorrow);
  const download = page.waitForEvent("download");
  await statement.getByRole("button", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`statement-${wallet}-${today}-${tomorrow}.csv`);
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString("utf8")).toContain("1000000");
});

test("an operator reverses a transfer and both balances change", async ({ page }) => {
  const payerBefore = await balanceOf(operator, wallet);
  const payeeBefore = await balanceOf(operator, payeeWallet);
  await signIn(page, 1, true);
  await page.goto(`/console/#/transactions/${toReverse}`);
  await page.getByLabel("Reason").fill("customer dispute 42");
  await page.getByRole("button", { name: "Reverse…" }).click();
  const dialog = page.getByRole("dialog", { name: "Reverse this transaction?" });
  await expect(dialog).toContainText(
    `100,000 VND from wallet ${payeeWallet} back to wallet ${wallet}`,
  );
  await noSeriousViolations(page);
  await screenshot(page, "transaction-reversal");
  await dialog.getByRole("button", { name: "Confirm reversal" }).click();
  await expect(fact(page, "Reversed by")).toBeVisible();

  await page.getByRole("link", { name: String(wallet), exact: true }).click();
  await expect(fact(page, "Balance")).toHaveText(
    `${(payerBefore + 100_000).toLocaleString("en")} VND`,
  );
  expect(await balanceOf(operator, payeeWallet)).toBe(payeeBefore - 100_000);
});

test("a double click on confirm refunds once", async ({ page }) => {
  await signIn(page, 1, true);
  await page.goto(`/console/#/transactions/${toRefund}`);
  await page.getByLabel("Reason").fill("partial refund");
  await expect(fact(page, "Refundable")).toHaveText("50,000 VND");
  await page.getByLabel("Refund amount (VND), at most 50,000 VND").fill("15000");
  await page.getByRole("button", { name: "Refund part…" }).click();
  await page.getByRole("button", { name: "Confirm refund" }).dblclick();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(fact(page, "Refundable")).toHaveText("35,000 VND");

  const refunds = await ok(
    operator.GET("/v1/accounts/{id}/entries", {
      params: { path: { id: payeeWallet }, query: { type: "REFUND" } },
    }),
  );
  expect(refunds.items!.map((e) => e.amount)).toEqual([-15_000]);
});

test("a frozen wallet's transfer is refused, and the audit trail shows what was done", async ({
  page,
}) => {
  await signIn(page, 1, true);
  await page.goto(`/console/#/wallets/${wallet}`);
  await page.getByRole("form", { name: "Freeze" }).getByLabel("Reason").fill("suspected fraud");
  await page.getByRole("button", { name: "Freeze wallet" }).click();
  await expect(fact(page, "Status")).toHaveText("FROZEN_DEBITS");

  const refused = await customer.POST("/v1/transfers", {
    params: { header: { "Idempotency-Key": crypto.randomUUID() } },
    body: { fromAccountId: wallet, toAccountId: savings, amount: 1 },
  });
  expect(refused.response.status).toBe(422);
  expect((refused.error as { code?: string }).code).toBe("ACCOUNT_FROZEN");

  // The audit trail is written behind the requests (queued, then flushed): wait until it has them.
  await expect
    .poll(
      async () => {
        const page = await ok(
          operator.GET("/v1/audit-events", { params: { query: { accountId: wallet } } }),
        );
        return page.items!.some((e) => e.code === "ACCOUNT_FROZEN");
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.getByRole("link", { name: "Audit trail" }).click();
  const filters = page.getByRole("form", { name: "Audit filters" });
  await filters.getByLabel("Account").fill(String(wallet));
  await filters.getByRole("button", { name: "Apply filters" }).click();
  const trail = page.getByRole("table", { name: "Audit events, newest first" });
  await expect(trail).toContainText(`POST /v1/accounts/${wallet}/freeze`);
  await expect(trail).toContainText("422 ACCOUNT_FROZEN");
  await expect(trail).toContainText(`POST /v1/transactions/${toReverse}/reversal`);
  await noSeriousViolations(page);
  await screenshot(page, "audit");
});

test("an operator completes a pending withdrawal from the queue", async ({ page }) => {
  await signIn(page, 1, true);
  await page.getByRole("link", { name: "Pending work" }).click();
  const settle = page.getByRole("form", { name: `Settle withdrawal ${payout}` });
  const queue = page.getByRole("table", { name: "Pending withdrawals" });
  await expect(queue).toBeVisible();
  // Oldest first: an earlier run's leftovers may fill the first pages.
  while (!(await settle.isVisible())) {
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(queue).toBeVisible();
  }
  const expiring = page.getByRole("table", { name: "Holds about to expire" });
  await expect(expiring.getByRole("row").filter({ hasText: "7,000 VND" })).toContainText(
    String(savings),
  );
  await noSeriousViolations(page);
  await screenshot(page, "pending");
  await settle.getByRole("button", { name: "Complete" }).click();
  await expect(settle).toBeHidden();

  const completed = await ok(
    operator.GET("/v1/withdrawals/{id}", { params: { path: { id: payout } } }),
  );
  expect(completed.status).toBe("COMPLETED");
});

test("a problem is shown with its title and trace id, never a blank page", async ({ page }) => {
  await signIn(page, 1, true);
  await page.goto("/console/#/wallets/999999999999");
  const problem = page.getByRole("alert");
  await expect(problem).toContainText("Account not found");
  await expect(problem).toContainText("ACCOUNT_NOT_FOUND");
  await expect(problem).toContainText("Trace id:");
});

test("the reconciliation screen shows the books balanced", async ({ page }) => {
  await signIn(page, 1, true);
  await page.getByRole("link", { name: "Reconciliation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The books balance" })).toBeVisible({
    timeout: 60_000,
  });
  await noSeriousViolations(page);
  await screenshot(page, "reconciliation");
});

test("a customer sees only their own wallets, read-only", async ({ page }) => {
  await signIn(page, owner, false);
  await expect(page.getByRole("heading", { name: "Your wallets" })).toBeVisible();
  const wallets = page.getByRole("table", { name: "Wallets" });
  await expect(wallets.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Audit trail" })).toHaveCount(0);

  await wallets.getByRole("link", { name: `${wallet} (VND)` }).click();
  await expect(page.getByRole("heading", { name: `Wallet ${wallet} (VND)` })).toBeVisible();
  await expect(page.getByRole("button", { name: /Freeze|Unfreeze/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save limits" })).toHaveCount(0);
  await noSeriousViolations(page);

  await page.goto(`/console/#/transactions/${toRefund}`);
  await expect(page.getByRole("heading", { name: `TRANSFER ${toRefund}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /Reverse|Refund/ })).toHaveCount(0);

  await page.goto(`/console/#/wallets/${payeeWallet}`);
  await expect(page.getByRole("alert")).toContainText("FORBIDDEN");
});
