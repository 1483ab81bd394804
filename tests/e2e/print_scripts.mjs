// The staff print view of an application answered in every script, in Debian's Chromium:
// each typed answer is shown as typed, right-to-left answers run right to left; screenshots at
// 1280 and 375 px (tests/e2e/screenshots/print-scripts-*.png, print-header-*.png); the record's header;
// a bad link's own page (print-link-problem-375.png).
// usage: node tests/e2e/print_scripts.mjs PRINT_URL SCREENSHOT_DIR JSON_TYPED_STRINGS
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const [url, screenshotDir, rawTyped] = process.argv.slice(2);
const typed = JSON.parse(rawTyped);
mkdirSync(screenshotDir, { recursive: true });
let failed = false;
function check(condition, message) {
  failed ||= !condition;
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  headless: true,
});
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.locator(".print-application").waitFor({ timeout: 15000 });
  const values = await page
    .locator(".print-value")
    .evaluateAll((spans) => spans.map((span) => [span.textContent, getComputedStyle(span).direction]));
  const direction = Object.fromEntries(values);
  for (const text of typed) check(text in direction, `the print view shows "${text}" as typed`);
  for (const text of typed.filter((t) => /[\u0590-\u08ff]/.test(t)))
    check(direction[text] === "rtl", `"${text}" runs right to left`);
  // The record's header: whose application, which, when (a draft: not submitted yet).
  const header = await page.locator(".print-record").innerText();
  check(/@example\.org/.test(header), "the header names the applicant's e-mail");
  check(header.includes("Not submitted yet"), "the header says the draft is not submitted yet");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await page.waitForTimeout(100);
    await page.screenshot({
      path: path.join(screenshotDir, `print-scripts-${width}.png`),
      fullPage: true,
    });
    await page
      .locator(".print-record")
      .screenshot({ path: path.join(screenshotDir, `print-header-${width}.png`) });
  }
  // A link whose token is not (or no longer) valid: a page about the link, never the sign-in.
  const stale = new URL(url);
  stale.searchParams.set("service_token", "no-such-token");
  await page.goto(stale.href, { waitUntil: "networkidle" });
  await page.locator(".link-problem").waitFor({ timeout: 15000 });
  check((await page.locator("input[type=password]").count()) === 0, "a bad link shows no sign-in form");
  check(new URL(page.url()).pathname !== "/login", "a bad link does not send staff to the login");
  await page.screenshot({ path: path.join(screenshotDir, "print-link-problem-375.png") });
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
