// The console's first load as a new visitor sees it: ten fresh browser contexts (no cache) open
// /console/ on a running service and wait until the sign-in form is there. Prints each run's time
// to the form, DOMContentLoaded and load, and the median. docs/console.md states its figures.
//   LEDGER_URL=http://localhost:8080 node scripts/first-load.mjs
import { chromium } from "playwright";

const url = `${process.env.LEDGER_URL ?? "http://localhost:8080"}/console/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
});
const runs = [];
for (let i = 0; i < 10; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(url);
  await page.getByRole("button", { name: /Sign in/ }).waitFor();
  const form = Math.round(performance.now() - started);
  const timing = await page.evaluate(() => performance.getEntriesByType("navigation")[0].toJSON());
  runs.push({
    form,
    domContentLoaded: Math.round(timing.domContentLoadedEventEnd),
    load: Math.round(timing.loadEventEnd),
  });
  await context.close();
}
await browser.close();
const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[runs.length / 2];
console.log(runs.map((r) => JSON.stringify(r)).join("\n"));
console.log(
  `median of ${runs.length}: sign-in form ${median("form")} ms, DOMContentLoaded ${median("domContentLoaded")} ms, load ${median("load")} ms`,
);
